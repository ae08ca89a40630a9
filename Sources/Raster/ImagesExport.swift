// Pixel buffers and PNG files (Pixmap, PNGEncoder, PNGDecoder) come from the Images target;
// `import Raster` brings them too, so that a frame can be rendered and saved with one import.
@_exported import Images
