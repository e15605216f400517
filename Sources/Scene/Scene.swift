// Scene module
import Raster
import Dots
import Glass
