// Dots module
import Raster
