// Glass module
import Raster
