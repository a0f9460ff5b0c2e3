"""CMYK output for ``fuda print --cmyk``: one conversion method for every colour on the page.

With the shop's ICC profile (e.g. Japan Color 2001 Coated) every colour goes from sRGB through
that profile with littleCMS (Pillow's ``ImageCms``, perceptual intent): the vector fills and
strokes, the text, the printer's marks (:class:`ColourProfile`, each distinct colour converted
once) and the art (:class:`ImageConverter`, each file once). Without a profile both fall back to
the plain formula :func:`~fuda.faces.paint_pdf.rgb_to_cmyk` / Pillow's ``convert("CMYK")``,
which shifts colours, and a :class:`CmykWarning` says so.

Converted art is stored as CMYK JPEG **without** an embedded profile (the file is declared
``/DeviceCMYK``; the profile is said once, in the document's OutputIntent, see
:mod:`fuda.printing.pdfx`). The JPEGs live in a content-addressed cache
(``<temp>/fuda-cmyk/<sha256 of art, profile, quality>.jpg``).
"""

from __future__ import annotations

import hashlib
import io
import warnings
from pathlib import Path

from fuda.i18n import Text


class CmykWarning(UserWarning):
    """Colours of a CMYK conversion may shift (no ICC profile was given)."""


class CmykError(ValueError):
    """An ICC profile that cannot be used; one-line message."""


def warn_plain() -> None:
    """Warn (once per call site run) that a profile-less conversion may shift colours."""
    warnings.warn("no ICC profile given (--icc): colours are converted to CMYK with a plain formula "
                  "and may shift in print", CmykWarning, stacklevel=3)


class ColourProfile:
    """A CMYK output profile: sRGB → CMYK transforms for images and for single colours."""

    def __init__(self, data: bytes, name: str = "profile"):
        from PIL import ImageCms

        self.data = data
        self.name = name
        try:
            profile = ImageCms.getOpenProfile(io.BytesIO(data))
        except (OSError, ImageCms.PyCMSError) as exc:
            raise CmykError(Text("err.icc_unusable", name=name, reason=exc)) from None
        space = profile.profile.xcolor_space.strip()
        if space != "CMYK":
            raise CmykError(Text("err.icc_space", name=name, space=space))
        self.description = (profile.profile.profile_description or name).strip()
        try:
            self.transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB",
                                                     "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL)
        except ImageCms.PyCMSError as exc:
            raise CmykError(Text("err.icc_lcms", name=name, reason=exc)) from None
        self.digest = hashlib.sha256(data).hexdigest()
        self._memo: dict[str, tuple[float, float, float, float]] = {}

    @classmethod
    def from_file(cls, path) -> ColourProfile:
        """Load the profile at ``path`` (a :class:`CmykError` when it is missing or unusable)."""
        path = Path(path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CmykError(Text("err.icc_read", path=path, reason=exc.strerror)) from None
        return cls(data, str(path))

    def cmyk(self, colour: str) -> tuple[float, float, float, float]:
        """``#rrggbb`` (sRGB) → (c, m, y, k) in 0..1 through the profile, to 1/255 like an
        8-bit image would be converted (cached)."""
        done = self._memo.get(colour)
        if done is None:
            from PIL import Image, ImageCms

            rgb = (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))
            pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), self.transform).getpixel((0, 0))
            done = self._memo[colour] = tuple(round(v / 255, 4) for v in pixel)
        return done


class ImageConverter:
    """Converts art files to CMYK JPEGs (no embedded profile) in ``workdir``, each file once."""

    def __init__(self, workdir: Path | None = None, profile: ColourProfile | None = None,
                 quality: int = 95):
        import tempfile

        self.workdir = Path(workdir) if workdir else Path(tempfile.gettempdir()) / "fuda-cmyk"
        self.profile = profile
        self.quality = quality
        self._done: dict[Path, Path] = {}

    def __call__(self, path: Path) -> Path:
        """The CMYK JPEG standing for art file ``path``."""
        path = Path(path)
        done = self._done.get(path)
        if done is not None:
            return done
        h = hashlib.sha256(path.read_bytes())
        h.update(self.profile.digest.encode() if self.profile else b"plain")
        h.update(f"{self.quality} noicc".encode())
        target = self.workdir / f"{h.hexdigest()[:32]}.jpg"
        if not target.is_file():
            self._convert(path, target)
        self._done[path] = target
        return target

    def _convert(self, path: Path, target: Path) -> None:
        from PIL import Image

        from fuda.atomic import atomic_path

        with Image.open(path) as im:
            im.load()
            if im.mode == "CMYK":
                cmyk = im.copy()
            else:
                rgba = im.convert("RGBA")
                rgb = Image.new("RGB", rgba.size, (255, 255, 255))
                rgb.paste(rgba, mask=rgba.getchannel("A"))
                if self.profile is not None:
                    from PIL import ImageCms

                    cmyk = ImageCms.applyTransform(rgb, self.profile.transform)
                else:
                    cmyk = rgb.convert("CMYK")
        cmyk.info.pop("icc_profile", None)
        with atomic_path(target) as tmp:  # another run may read the cache at the same time
            cmyk.save(tmp, "JPEG", quality=self.quality, subsampling=0)
