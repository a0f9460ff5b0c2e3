"""Card faces: templates, fonts, Japanese line breaking (禁則), layout into primitives, and the
two painters (PDF with reportlab, PNG with Pillow) that draw the same primitives."""
