// Raster module
