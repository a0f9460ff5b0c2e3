"""Card spreadsheets: CSV, TSV and .xlsx in (`fuda import sheet`) and out (`fuda export sheet`)."""
