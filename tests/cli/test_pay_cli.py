"""`banluck pay` says where the two stand after it, and asks before recording a payment that
looks like a slip: more than the payer owes, or the last payment again within ten minutes."""

from __future__ import annotations

from pathlib import Path


def night(cli) -> None:  # type: ignore[no-untyped-def]
    """Mei deals 17 to Bob (18: +10) and Carol (16: -10): Bob is owed 10, Carol owes 10."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol", "--stake", "10")[0] == 0
    for line in ("dealer 10 7", "stand all", "open Bob 10 8", "open Carol 10 6"):
        assert cli("act", *line.split())[0] == 0, line


def stored(home: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in home.rglob("*") if p.is_file() and p.name != "lock"}


def test_pay_says_where_the_two_stand_after_it(cli, banluck_home: Path) -> None:
    night(cli)
    code, out, err = cli("pay", "Carol", "Bob", "4")
    assert code == 0, err
    assert out.endswith(": Carol paid Bob 4; now Carol owes 6, Bob is owed 6\n")
    assert cli("check")[0] == 0


def test_paying_oneself_is_refused_at_once_not_asked_about(cli, banluck_home: Path) -> None:
    night(cli)
    code, _, err = cli("pay", "Carol", "carol", "5")
    assert code != 0
    assert "Carol cannot pay themself" in err and "--yes" not in err


def test_a_doubtful_payment_without_a_terminal_is_refused_with_the_hint(
    cli, banluck_home: Path
) -> None:
    night(cli)
    cli("pay", "Carol", "Bob", "4")
    before = stored(banluck_home)
    code, out, err = cli("pay", "Carol", "Bob", "4")  # the same again, just now
    assert (code, out) == (1, "")
    assert err.startswith("error: Carol paid Bob 4 already (#") and err.count("\n") == 1
    assert err.endswith("add --yes to record it anyway\n")
    code, out, err = cli("pay", "Carol", "Bob", "7")  # Carol owes 6
    assert (code, out, err) == (
        1,
        "",
        "error: Carol owes 6, less than 7: add --yes to record it anyway\n",
    )
    code, _, err = cli("pay", "Bob", "Mei", "1")  # Bob owes nothing
    assert err == "error: Bob owes 0, less than 1: add --yes to record it anyway\n"
    assert stored(banluck_home) == before
    code, out, err = cli("pay", "Carol", "Bob", "4", "--yes")
    assert code == 0, err
    assert out.endswith("now Carol owes 2, Bob is owed 2\n")
    code, out, _ = cli("pay", "Carol", "Bob", "2")  # not the last one again: the amount differs
    assert out.endswith("now Carol is even, Bob is even\n")
    assert cli("check")[0] == 0


def test_pay_and_settle_in_the_console(cli, banluck_home: Path) -> None:
    """In the console `pay` records a payment as `banluck pay` does; `settle` is every unpaid
    balance, `settle tonight` tonight's. Night 1 leaves Carol owing Bob 10; on night 2 Mei
    deals 17 to Bob (20: +10) and Carol (19: +10): Mei owes 20."""
    import io

    from rich.console import Console

    from banluck.cli.console import TableConsole
    from banluck.storage import Store

    night(cli)
    assert cli("night", "close")[0] == 0
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol", "--stake", "10")[0] == 0
    for line in ("dealer 10 7", "stand all", "open Bob 10 10", "open Carol 10 9"):
        assert cli("act", *line.split())[0] == 0, line
    out = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    tc = TableConsole(Store(), out)
    tc.handle("settle tonight")
    text = out.export_text(clear=True)
    assert "Mei pays Bob 10" in text and "Mei pays Carol 10" in text
    tc.handle("settle")
    text = out.export_text(clear=True)
    assert "Mei pays Bob 20" in text and "Carol" not in text.split("Mei pays Bob 20")[1][:20]
    before = stored(banluck_home)
    tc.handle("pay Mei Bob 30")  # Mei owes 20
    assert "Mei owes 20, less than 30: type it again with --yes" in out.export_text(clear=True)
    assert stored(banluck_home) == before
    tc.handle("pay Mei Bob 20")
    assert "Mei paid Bob 20; now Mei is even, Bob is even" in out.export_text(clear=True)
    tc.handle("settle")
    assert "everyone is even" in out.export_text(clear=True)
    assert cli("check")[0] == 0


def completed(monkeypatch, capsys, words: str) -> list[str]:  # type: ignore[no-untyped-def]
    """What bash's Tab offers after `words` (the last one being completed)."""
    import pytest

    from banluck.cli.main import main

    monkeypatch.setenv("_BANLUCK_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", words)
    monkeypatch.setenv("COMP_CWORD", str(len(words.split(" ")) - 1))
    with pytest.raises(SystemExit) as done:
        main([])
    assert done.value.code == 0
    return capsys.readouterr().out.split()


def test_pay_completes_the_ledgers_people(cli, banluck_home: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """`banluck pay M⇥` offers Mei, `pay Carol ⇥` everyone else; before any night, nothing, and
    no data folder is made."""
    assert completed(monkeypatch, capsys, "banluck pay M") == []
    assert not banluck_home.exists()
    monkeypatch.delenv("_BANLUCK_COMPLETE")
    night(cli)
    assert completed(monkeypatch, capsys, "banluck pay M") == ["Mei"]
    assert completed(monkeypatch, capsys, "banluck pay C") == ["Carol"]
    assert completed(monkeypatch, capsys, "banluck pay Carol ") == ["Bob", "Mei"]
    # the seats of a night to start, and of the console's: the people not yet named
    assert completed(monkeypatch, capsys, "banluck night start chinese Mei ") == ["Bob", "Carol"]
    assert completed(monkeypatch, capsys, "banluck table kampung Bob M") == ["Mei"]
    assert completed(monkeypatch, capsys, "banluck night start ch") == ["chinese"]
