print("glide-replay: not built yet")
