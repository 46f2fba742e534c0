// Exact integers and rationals between Python and FLINT: int <-> fmpz without the decimal
// round trip (Python >= 3.11 limits int(str) to 4300 digits; exact cells run to any size).
#pragma once

#include "core/flint.hpp"

#include <pybind11/pybind11.h>

namespace bcpy {

namespace py = pybind11;

/// A FLINT integer as a Python int (machine size directly, larger through bytes).
py::object to_pyint(const fmpz_t z);

/// out = the Python integer `o` (an int, or anything with __index__); throws TypeError otherwise.
void fmpz_from_py(fmpz_t out, py::handle o);

/// (numerator, denominator) of an exact rational as Python ints.
py::tuple to_pyfrac(const fmpq_t q);

}  // namespace bcpy
