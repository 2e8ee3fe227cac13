import ImageDecoding
import Glibc
import Localization
import Machinery

// glide's image decoder: one image per run, in a process of its own (see ImageFileDecoder).
// GdkPixbuf's warnings about a broken image stay out of the user's terminal, as Glide's own.
LibraryOutput.quiet()
Localization.startAsHelper()
exit(ImageFileDecoder.run(arguments: CommandLine.arguments))
