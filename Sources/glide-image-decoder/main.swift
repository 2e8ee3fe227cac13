import ImageDecoding
import Glibc
import Localization

// glide's image decoder: one image per run, in a process of its own (see ImageFileDecoder).
Localization.startAsHelper()
exit(ImageFileDecoder.run(arguments: CommandLine.arguments))
