func.return loc
func.return loc()
