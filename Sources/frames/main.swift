import FramesCLI
import LibC
import Studio

exit(FramesCLI.main(studio: .server))
