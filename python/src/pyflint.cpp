// int <-> fmpz: machine-size values directly; larger ones through little-endian bytes
// (int.from_bytes) one way and hexadecimal text the other (int.__format__('x') has no digit
// limit). Cost O(n) in the number of limbs, plus Python's O(n) conversions.
#include "pyflint.hpp"

#include <gmp.h>

#include <string>

namespace bcpy {

py::object to_pyint(const fmpz_t z) {
  if (fmpz_fits_si(z)) return py::int_(fmpz_get_si(z));
  mpz_t m;
  mpz_init(m);
  fmpz_get_mpz(m, z);
  std::string bytes((mpz_sizeinbase(m, 2) + 7) / 8, '\0');
  size_t count = 0;
  mpz_export(bytes.data(), &count, -1, 1, 0, 0, m);  // |z|, least significant byte first
  mpz_clear(m);
  bytes.resize(count);
  // leaked: a static py::object would be released after the interpreter has finalised
  static auto* from_bytes = new py::object(py::module_::import("builtins").attr("int").attr("from_bytes"));
  py::object v = (*from_bytes)(py::bytes(bytes), "little");
  return fmpz_sgn(z) < 0 ? py::reinterpret_steal<py::object>(PyNumber_Negative(v.ptr())) : v;
}

void fmpz_from_py(fmpz_t out, py::handle o) {
  py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(o.ptr()));
  if (!i) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow == 0) {
    if (v == -1 && PyErr_Occurred() != nullptr) throw py::error_already_set();
    fmpz_set_si(out, static_cast<slong>(v));
    return;
  }
  const std::string hex = py::str(i.attr("__format__")("x"));
  if (fmpz_set_str(out, hex.c_str(), 16) != 0) throw py::value_error("internal: integer conversion failed");
}

py::tuple to_pyfrac(const fmpq_t q) {
  return py::make_tuple(to_pyint(fmpq_numref(q)), to_pyint(fmpq_denref(q)));
}

}  // namespace bcpy
