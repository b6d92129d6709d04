"""A game's lab is reached through its family, or from its `lab` module alone (what `banluck
hand` and `banluck edge` use, so that they load no round engine)."""

import subprocess
import sys

import pytest

from banluck.app import presets
from banluck.app.games import game_for, lab_for


@pytest.mark.parametrize("name", ["chinese", "blackjack-pro"])
def test_the_lab_of_a_preset_is_its_familys_lab(name: str) -> None:
    preset = presets.load(name)
    assert lab_for(preset) is game_for(preset).lab is not None


@pytest.mark.parametrize("name", ["chinese", "blackjack-pro"])
def test_reaching_a_lab_loads_no_round_engine(name: str) -> None:
    """The lab module imports its engine inside its methods: `lab_for` loads neither the
    game's family nor its actions."""
    code = (
        "import sys; from banluck.app import presets; from banluck.app.games import lab_for;"
        f" lab_for(presets.load({name!r}));"
        " print(sorted(m for m in sys.modules if m.endswith(('.family', '.actions'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
