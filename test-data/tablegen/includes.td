// Includes another fixture and builds on its classes.

include "common.td"

def Length : Quantity<"length", Metre>;
def Time : Quantity<"time", Second> {
  let Scale = 1000;
}
