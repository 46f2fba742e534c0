"""The README's Python session (its ```python blocks with >>> prompts) runs as a doctest, so the
README cannot drift from the module. The printed values are the module's own output (like the
README's CLI transcripts, tests/readme_examples.py); what they are worth is tested elsewhere."""
import doctest
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_readme_python_sessions():
    text = (ROOT / "README.md").read_text()
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in b]
    assert blocks, "the README has no Python session"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README.md python block {i + 1}", "README.md", 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted >= 6, result
