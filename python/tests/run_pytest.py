"""CTest entry point: runs pytest over this folder; exit 125 (CTest: skipped) without pytest."""
import sys

try:
    import pytest
except ImportError:
    print("pytest is not installed (apt-get install python3-pytest): skipped", file=sys.stderr)
    sys.exit(125)

sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
