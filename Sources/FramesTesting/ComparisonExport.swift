// The comparison engine's values an assertion takes (`PerceptualTolerance`, `PerceptualMetric`,
// `PixelRect`) come from the Comparison target; `import FramesTesting` brings them.
@_exported import Comparison
