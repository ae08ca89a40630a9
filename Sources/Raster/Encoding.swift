// Images and their files (Pixmap, PNG, animated PNG, GIF, WebP) come from the Encoding target;
// `import Raster` brings them too.
@_exported import Encoding
