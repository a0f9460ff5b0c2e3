"""Rule-set plugins installed from outside fuda: a broken one breaks nothing but its own games."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PLUGINS = Path(__file__).parent / "plugins"


def fuda(*args: str, cwd: Path, plugins: tuple[str, ...] = ("broken",), lang: str = "ja_JP.UTF-8"):
    """Run the ``fuda`` command in a fresh process with the named test plugins on its path."""
    env = {**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "",
           "PYTHONPATH": os.pathsep.join(str(PLUGINS / p) for p in plugins)}
    return subprocess.run([sys.executable, "-c", "from fuda.cli.main import main; main()", *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_broken_plugin_leaves_the_builtin_games_working(tmp_path):
    """A plugin whose import fails: the sample validates, with one warning line naming it."""
    run = fuda("validate", "--sample", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    warnings = [line for line in run.stderr.splitlines() if "broken" in line]
    assert len(warnings) == 1
    assert warnings[0].startswith("fuda: 警告: ルールセット「broken」を読み込めない")
    assert "fuda_missing_dependency" in warnings[0]


def test_broken_plugin_fails_only_its_own_game(tmp_path):
    """A game that names the broken rule set gets one located R004 line saying why."""
    game = tmp_path / "mine"
    game.mkdir()
    (game / "game.yaml").write_text("id: mine\nname: わたし\nrules: broken\n", encoding="utf-8")
    run = fuda("validate", str(game), cwd=tmp_path, lang="en_US.UTF-8")
    assert run.returncode == 1
    assert "Traceback" not in run.stderr + run.stdout
    line = next(x for x in run.stdout.splitlines() if "R004" in x)
    assert line.startswith(f"{Path('mine') / 'game.yaml'}:3:8: error[R004]:") or "game.yaml:3:8: error[R004]" in line
    assert "installed but cannot be loaded" in line and "fuda_missing_dependency" in line


def test_ruleset_for_a_broken_plugin_says_why():
    """ruleset_for(broken id) is the one call that fails, with the plugin's error."""
    code = ("from fuda.database.ruleset import ruleset_for, RuleSetError, rulesets\n"
            "import warnings; warnings.simplefilter('ignore')\n"
            "assert 'toho-tcg' in rulesets() and 'broken' not in rulesets()\n"
            "try:\n    ruleset_for('broken')\nexcept RuleSetError as e:\n    print(e)\n")
    env = {**os.environ, "PYTHONPATH": str(PLUGINS / "broken")}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "'broken'" in run.stdout and "fuda_missing_dependency" in run.stdout
