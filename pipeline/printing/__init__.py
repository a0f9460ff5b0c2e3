"""Print: imposition of faces on sheets, トンボ and cut marks, page boxes, duplex backs, mats
(tiled when larger than the sheet) and CMYK colour."""
