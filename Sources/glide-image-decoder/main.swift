import Document
import Glibc

// glide's image decoder: one image per run, in a process of its own (see ImageFileDecoder).
exit(ImageFileDecoder.run(arguments: CommandLine.arguments))
