// The values an assertion takes come from the targets below; `import FramesTesting` brings them:
// `PerceptualTolerance` and `PerceptualMetric` from Comparison, `Pixmap`, `PixelRect`,
// `RGBAImage` and `PNGEncoder` from Images. Raster (`FrameRenderer`, `Scene`, `Color`) is
// imported where it is used: its names would meet SwiftUI's (`Scene`, `Color`) in a test file
// that imports both.
@_exported import Comparison
@_exported import Images
