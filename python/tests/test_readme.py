"""The Python sessions of the README and of the guides (their ```python blocks with >>> prompts) run
as doctests, so neither can drift from the module. The printed values are the module's own output
(like the CLI transcripts, tests/readme_examples.py); what they are worth is tested elsewhere."""
import doctest
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
FILES = [ROOT / "README.md"] + sorted((ROOT / "docs" / "guides").glob("*.md"))


def test_readme_and_guide_python_sessions():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    blocks = 0
    for path in FILES:
        name = str(path.relative_to(ROOT))
        text = path.read_text()
        for i, m in enumerate(re.finditer(r"```python\n(.*?)```", text, re.S)):
            if ">>>" not in m.group(1):
                continue
            line = text[:m.start()].count("\n") + 1
            runner.run(parser.get_doctest(m.group(1), {}, f"{name} python block {i + 1}", name, line))
            blocks += 1
    result = runner.summarize(verbose=False)
    assert blocks >= 1, "no Python session in the README or the guides"
    assert result.failed == 0 and result.attempted >= 6, result
