"""`adjutant validate` on a module runs the VASSAL linter."""

from click.testing import CliRunner

from adjutant.cli import main
from conftest import CORPUS


def test_vassal_module_made_for_3_7_is_flagged_for_3_6_but_clean_for_3_7():
    module = CORPUS / "engine" / "dice-test.vmod"
    res = CliRunner().invoke(main, ["validate", str(module), "--vassal", "3.6"])
    assert res.exit_code == 1
    assert "VASSAL 3.6 refuses to open the module" in res.output
    res = CliRunner().invoke(main, ["validate", str(module), "--vassal", "3.7"])
    assert "0 error(s)" in res.output and "refuses to open" not in res.output


def test_broken_module_is_an_error(tmp_path):
    import zipfile
    src = zipfile.ZipFile(CORPUS / "engine" / "dice-test.vmod")
    broken = tmp_path / "broken.vmod"
    with zipfile.ZipFile(broken, "w") as out:
        for name in src.namelist():
            data = src.read(name)
            if name == "buildFile.xml":
                data = data.replace(b'nextPieceSlotId="20"', b'nextPieceSlotId=""')
            out.writestr(name, data)
    res = CliRunner().invoke(main, ["validate", str(broken), "--vassal", "3.7"])
    assert res.exit_code == 1
    assert "error:" in res.output and "nextPieceSlotId" in res.output
