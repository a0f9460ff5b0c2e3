"""README.ja.md says it has the same content as README.md: the same sections in the same order,
the same kinds of code block, and the same commands in its shell blocks."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def outline(path: Path) -> tuple[list[int], list[str], list[list[str]]]:
    """The heading levels in order, each fenced block's language, and each shell block's commands
    (comments after ``#`` dropped: they are translated)."""
    levels, fences, commands = [], [], []
    block = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if block is None:
                block = []
                fences.append(line[3:].strip())
            else:
                if fences[-1] == "sh":
                    commands.append(block)
                block = None
            continue
        if block is not None:
            if fences[-1] == "sh" and line.strip():
                block.append(re.sub(r"\s+#.*$", "", line).strip())
            continue
        heading = re.match(r"(#{1,6}) \S", line)
        if heading:
            levels.append(len(heading.group(1)))
    assert block is None, f"{path.name}: a code block is not closed"
    return levels, fences, commands


def test_outline_reads_headings_blocks_and_commands(tmp_path):
    """The outline sees headings outside code blocks only, block languages, and commands without comments."""
    sample = tmp_path / "r.md"
    sample.write_text("# a\n\n```sh\nfuda new g --rules custom   # comment\n# not a heading\n```\n\n## b\n"
                      "```yaml\nx: 1\n```\n### c\n", encoding="utf-8")
    assert outline(sample) == ([1, 2, 3], ["sh", "yaml"], [["fuda new g --rules custom", "# not a heading"]])


def test_readmes_have_the_same_sections():
    """README.md and README.ja.md have the same headings (levels, order)."""
    en, ja = outline(ROOT / "README.md"), outline(ROOT / "README.ja.md")
    assert len(en[0]) > 10
    assert ja[0] == en[0]


def test_readmes_have_the_same_code_blocks_and_commands():
    """Both READMEs have the same code blocks in order, and their shell blocks the same commands."""
    en, ja = outline(ROOT / "README.md"), outline(ROOT / "README.ja.md")
    assert ja[1] == en[1]
    assert ja[2] == en[2]


def test_each_readme_links_the_other():
    """Each README points to the other language's."""
    assert "README.ja.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "README.md" in (ROOT / "README.ja.md").read_text(encoding="utf-8").replace("README.ja.md", "")
