{-#
  dialect_resources: {
    10
  }
#-}
