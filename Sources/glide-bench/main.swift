print("glide-bench")
