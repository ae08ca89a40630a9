// The values an assertion takes come from the targets below; `import FramesTesting` brings them:
// `PerceptualTolerance` and `PerceptualMetric` from Comparison, `FrameRenderer`, `Scene` and
// `LoadingStyle` from Raster, and `Pixmap`, `PixelRect` and `PNGEncoder` from Images (which Raster
// re-exports).
@_exported import Comparison
@_exported import Raster
