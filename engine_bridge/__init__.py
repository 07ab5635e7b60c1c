"""Stage 4: scenarios derived from rulings, run on EDOPro's ocgcore (ocgcore-wasm under Node)."""
