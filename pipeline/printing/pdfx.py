"""The OutputIntent and PDF/X-1a:2001 for ``fuda print --cmyk --icc PROFILE [--pdfx]``.

reportlab has no PDF/X mode, so this module adds what it lacks to a canvas before it is saved:

* one ``/OutputIntents`` entry in the catalogue (``/S /GTS_PDFX``) carrying the print shop's ICC
  profile as ``/DestOutputProfile``, named by the profile's description — written whenever a
  profile is given, so a shop's RIP knows which press condition the CMYK numbers are for;
* with ``pdfx``: ``/GTS_PDFXVersion (PDF/X-1:2001)`` and ``/GTS_PDFXConformance (PDF/X-1a:2001)``
  in the document information (reportlab already writes ``/Trapped /False``), and a PDF 1.3
  header.

The rest of PDF/X-1a is the caller's (:func:`fuda.printing.sheets.print_cards`): CMYK only
(``enforceColorSpace``, every colour through the profile, CMYK JPEG art), no transparency (no
alpha: art is flattened onto white before conversion), every font embedded (TrueType subsets),
TrimBox and BleedBox on every page and no ArtBox beside the TrimBox.
"""

from __future__ import annotations

PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
PDFX_PDF_VERSION = (1, 3)


def add_output_intent(canvas, profile, *, pdfx: bool = False) -> None:
    """Give ``canvas``'s document one OutputIntent with ``profile`` (a
    :class:`~fuda.printing.cmyk.ColourProfile`), and with ``pdfx`` the PDF/X-1a:2001 keys."""
    from reportlab.pdfbase.pdfdoc import (
        PDFArray,
        PDFCatalog,
        PDFDictionary,
        PDFInfo,
        PDFName,
        PDFStream,
        PDFString,
    )

    doc = canvas._doc

    class Catalog(PDFCatalog):
        __NoDefault__ = (*PDFCatalog.__NoDefault__, "OutputIntents")
        __Refs__ = PDFCatalog.__Refs__

    stream = PDFStream(PDFDictionary({"N": 4}), profile.data)
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(profile.description),
        "OutputCondition": PDFString(profile.description),
        "Info": PDFString(profile.description),
        "RegistryName": PDFString("http://www.color.org"),
        "DestOutputProfile": doc.Reference(stream),
    })
    doc.Catalog.__class__ = Catalog
    doc.Catalog.OutputIntents = PDFArray([intent])
    if not pdfx:
        return

    class Info(PDFInfo):
        def format(self, document):
            formatted = PDFInfo.format(self, document)
            extra = (f"/GTS_PDFXVersion {PDFString(PDFX_VERSION).format(document).decode('latin-1')} "
                     f"/GTS_PDFXConformance "
                     f"{PDFString(PDFX_CONFORMANCE).format(document).decode('latin-1')}")
            head, _, tail = formatted.rpartition(b">>")
            return head + b" " + extra.encode("latin-1") + b" >>" + tail

    doc.info.__class__ = Info
