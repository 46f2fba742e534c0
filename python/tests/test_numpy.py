"""The double-kernel grid as a NumPy array, against the certified kernel: the double path prints 10
significant digits (what it can justify), so they agree to half a unit in the 10th digit (5e-10
relative) plus the kernel's own 1e-13."""
import pytest

import boundcheck

np = pytest.importorskip("numpy")


def test_double_grid_against_certified_kernel():
    kw = dict(d="16:256:16", r="1,4,8", H="1,10,100")
    fast = boundcheck.rank.bound(**kw, kernel="double")
    cert = boundcheck.rank.bound(**kw, digits=20)
    lo = fast.column("lo", numpy=True)
    hi = fast.column("hi", numpy=True)
    assert lo.dtype == np.float64 and lo.shape == (16 * 3 * 3,)
    clo = cert.column("lo", numpy=True)
    chi = cert.column("hi", numpy=True)
    assert np.all(np.abs(lo - clo) <= 1e-9 * np.abs(clo))
    assert np.all(np.abs(hi - chi) <= 1e-9 * np.abs(chi))
    grid = fast.to_numpy()
    assert grid.shape == (len(fast), 5)  # d, r, H, lo, hi (count is text)
    assert np.array_equal(grid[:, 0], fast.column("d", numpy=True))
    assert fast.column("H", numpy=True).dtype == np.int64
