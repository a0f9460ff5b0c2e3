"""CMYK output: art converted to CMYK JPEG files for ``fuda print --cmyk``.

The PDF painter already draws vector colour as CMYK on a CMYK canvas (``enforceColorSpace``
refuses anything else); images are not touched by reportlab, so each art file is converted here,
once, into a CMYK JPEG that the painter embeds instead of the original. The JPEGs live in a
content-addressed cache (``<temp>/fuda-cmyk/<sha256 of art, profile, quality>.jpg``): reportlab
names an image after its file path, so a stable path keeps the PDF byte-identical run to run. With the
shop's ICC profile (e.g. Japan Color 2001 Coated) the conversion goes through Pillow's ImageCms
from sRGB with a perceptual intent; without one it is Pillow's plain RGB → CMYK formula, which
shifts colours, and a :class:`CmykWarning` says so.
"""

from __future__ import annotations

import hashlib
import warnings
from pathlib import Path


class CmykWarning(UserWarning):
    """Colours of a CMYK conversion may shift (no ICC profile was given)."""


class CmykError(ValueError):
    """An ICC profile that cannot be used; one-line message."""


def warn_plain() -> None:
    """Warn (once per call site run) that a profile-less conversion may shift colours."""
    warnings.warn("no ICC profile given (--icc): colours are converted to CMYK with a plain formula "
                  "and may shift in print", CmykWarning, stacklevel=3)


class ImageConverter:
    """Converts art files to CMYK JPEGs in ``workdir``, each file once."""

    def __init__(self, workdir: Path | None = None, icc: Path | None = None, quality: int = 95):
        import tempfile

        self.workdir = Path(workdir) if workdir else Path(tempfile.gettempdir()) / "fuda-cmyk"
        self.icc = Path(icc) if icc else None
        self.quality = quality
        self._done: dict[Path, Path] = {}
        self._transform = None
        self._profile_bytes = None
        if self.icc is not None:
            self._load_profile()

    def _load_profile(self) -> None:
        from PIL import ImageCms

        try:
            profile = ImageCms.getOpenProfile(str(self.icc))
        except (OSError, ImageCms.PyCMSError) as exc:
            raise CmykError(f"{self.icc}: not a usable ICC profile ({exc})") from None
        if profile.profile.xcolor_space.strip() != "CMYK":
            raise CmykError(f"{self.icc}: the ICC profile is for {profile.profile.xcolor_space.strip()}, "
                            "not CMYK (give the print shop's CMYK output profile)")
        srgb = ImageCms.createProfile("sRGB")
        self._transform = ImageCms.buildTransform(srgb, profile, "RGB", "CMYK",
                                                  renderingIntent=ImageCms.Intent.PERCEPTUAL)
        self._profile_bytes = self.icc.read_bytes()

    def __call__(self, path: Path) -> Path:
        """The CMYK JPEG standing for art file ``path``."""
        path = Path(path)
        done = self._done.get(path)
        if done is not None:
            return done
        h = hashlib.sha256(path.read_bytes())
        h.update(self._profile_bytes or b"plain")
        h.update(str(self.quality).encode())
        target = self.workdir / f"{h.hexdigest()[:32]}.jpg"
        if not target.is_file():
            self._convert(path, target)
        self._done[path] = target
        return target

    def _convert(self, path: Path, target: Path) -> None:
        from fuda.atomic import atomic_path
        from PIL import Image

        with Image.open(path) as im:
            im.load()
            if im.mode == "CMYK":
                cmyk = im.copy()
            else:
                rgba = im.convert("RGBA")
                rgb = Image.new("RGB", rgba.size, (255, 255, 255))
                rgb.paste(rgba, mask=rgba.getchannel("A"))
                if self._transform is not None:
                    from PIL import ImageCms

                    cmyk = ImageCms.applyTransform(rgb, self._transform)
                else:
                    cmyk = rgb.convert("CMYK")
        extra = {"icc_profile": self._profile_bytes} if self._profile_bytes else {}
        with atomic_path(target) as tmp:  # another run may read the cache at the same time
            cmyk.save(tmp, "JPEG", quality=self.quality, subsampling=0, **extra)
