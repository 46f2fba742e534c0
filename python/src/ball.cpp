// boundcheck.Ball: Arb ball arithmetic for Python (see ball.hpp for the model).
//
// Operations and their Arb routines (Johansson, "Arb", IEEE TC 66, 2017): + - * / arb_add/sub/
// mul/div; ** arb_pow_fmpz (integer exponent), arb_pow_fmpq (rational), arb_pow (ball); sqrt, exp,
// log, abs, min, max, union arb_sqrt/exp/log/abs/min/max/union. Each costs one Arb call at the
// working precision p (O(M(p)) for + - * /, O(M(p) log p) for the elementary functions) plus the
// Python call (~1 us). Exact operands are converted with arb_set_fmpq at p; floats through repr,
// like every float the module passes to the CLI.
#include "ball.hpp"

#include "core/decimal.hpp"
#include "core/real_format.hpp"
#include "output/cell_value.hpp"
#include "pyflint.hpp"

#include <gmp.h>
#include <mpfr.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

namespace bcpy {

using bc::Arb;
using bc::Arf;
using bc::Fmpq;
using bc::Fmpz;

slong prec_for_digits(long digits) { return bc::bits_for_digits(std::max(1L, digits)) + 16; }

namespace {

long digits_of_prec(slong prec) {
  return std::max(1L, static_cast<long>(std::floor(static_cast<double>(prec - 24) / 3.3219280948873623)));
}

// ---- the context's precision ----------------------------------------------------------------------
PyObject* g_prec_var = nullptr;  // contextvars.ContextVar: bits (int) or None; set by _context.py
slong g_default_prec = 0;        // boundcheck.set_defaults(digits=...): bits, 0 when unset

/// The precision a boundcheck.context (or the module default) imposes, or 0.
slong context_prec() {
  if (g_prec_var != nullptr) {
    PyObject* v = nullptr;
    if (PyContextVar_Get(g_prec_var, nullptr, &v) < 0) throw py::error_already_set();
    if (v != nullptr) {
      const long p = v == Py_None ? 0 : PyLong_AsLong(v);
      Py_DECREF(v);
      if (p > 0) return p;
    }
  }
  return g_default_prec;
}

// ---- Python numbers as exact values ----------------------------------------------------------------
PyObject* py_type(const char* module, const char* name) {
  py::object t = py::module_::import(module).attr(name);
  return t.release().ptr();  // leaked: lives as long as Python
}

struct Number {
  enum Kind { none, exact, infinite, nan } kind = none;
  Fmpq q;        // exact
  int sign = 0;  // infinite: +1 / -1
};

/// A decimal text (repr of a float, str of a Decimal) as an exact Number.
Number number_from_text(std::string s) {
  Number n;
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s == "inf" || s == "infinity" || s == "+inf" || s == "+infinity" || s == "-inf" || s == "-infinity") {
    n.kind = Number::infinite;
    n.sign = s[0] == '-' ? -1 : 1;
    return n;
  }
  if (s.find("nan") != std::string::npos) {
    n.kind = Number::nan;
    return n;
  }
  auto q = bc::parse_exact_rational(s);
  if (!q) throw py::value_error("cannot read \"" + s + "\" as an exact number");
  n.kind = Number::exact;
  n.q = std::move(*q);
  return n;
}

/// The exact value of an int, Fraction (any numbers.Rational), Decimal, float (through repr),
/// NumPy scalar or mpmath.mpf; kind none for anything else (the caller returns NotImplemented).
Number as_number(py::handle o) {
  static PyObject* fraction = py_type("fractions", "Fraction");
  static PyObject* decimal = py_type("decimal", "Decimal");
  static PyObject* rational = py_type("numbers", "Rational");
  Number n;
  PyObject* p = o.ptr();
  if (PyBool_Check(p)) throw py::type_error("a bool is not a number for a Ball (use 0 or 1)");
  if (PyLong_Check(p)) {
    n.kind = Number::exact;
    Fmpz z;
    fmpz_from_py(z.x, o);
    fmpq_set_fmpz_frac(n.q.x, z.x, Fmpz(1).x);
    return n;
  }
  if (PyFloat_Check(p)) return number_from_text(py::repr(o));
  if (Py_TYPE(p) == reinterpret_cast<PyTypeObject*>(decimal)) return number_from_text(py::str(o));
  if (Py_TYPE(p) == reinterpret_cast<PyTypeObject*>(fraction) || PyObject_IsInstance(p, rational) == 1) {
    Fmpz num, den;
    fmpz_from_py(num.x, o.attr("numerator"));
    fmpz_from_py(den.x, o.attr("denominator"));
    n.kind = Number::exact;
    fmpq_set_fmpz_frac(n.q.x, num.x, den.x);
    return n;
  }
  if (PyObject_IsInstance(p, decimal) == 1) return number_from_text(py::str(o));
  if (py::hasattr(o, "_mpf_")) {  // mpmath.mpf: (sign, man, exp, bc), exactly
    py::tuple t = o.attr("_mpf_");
    Fmpz man, one(1);
    fmpz_from_py(man.x, t[1]);
    if (fmpz_is_zero(man.x) && py::cast<long>(t[3]) != 0) return number_from_text(py::str(o));  // inf, nan
    if (py::cast<long>(t[0]) != 0) fmpz_neg(man.x, man.x);
    const long e = py::cast<long>(t[2]);
    if (e > 1000000 || e < -1000000) throw py::value_error("mpmath.mpf exponent out of range for a Ball");
    n.kind = Number::exact;
    if (e >= 0) {
      fmpz_mul_2exp(man.x, man.x, static_cast<ulong>(e));
      fmpq_set_fmpz_frac(n.q.x, man.x, one.x);
    } else {
      Fmpz den;
      fmpz_one_2exp(den.x, static_cast<ulong>(-e));
      fmpq_set_fmpz_frac(n.q.x, man.x, den.x);
    }
    return n;
  }
  if (PyComplex_Check(p)) return n;
  if (PyIndex_Check(p)) {  // NumPy integers
    py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(p));
    if (!i) throw py::error_already_set();
    return as_number(i);
  }
  if (py::hasattr(o, "__float__") && !py::hasattr(o, "__complex__")) {  // NumPy floats
    py::object f = py::reinterpret_steal<py::object>(PyNumber_Float(p));
    if (!f) throw py::error_already_set();
    return number_from_text(py::repr(f));
  }
  return n;
}

/// A Number as a Ball at precision prec; exact numbers keep their exact value as ends.
Ball ball_of_number(const Number& n, slong prec) {
  Ball b;
  b.prec = prec;
  if (n.kind == Number::exact) {
    arb_set_fmpq(b.v.x, n.q.x, prec);
    auto e = std::make_shared<Ends>();
    e->lo = n.q;
    e->hi = n.q;
    b.ends = std::move(e);
  } else if (n.kind == Number::infinite) {
    n.sign > 0 ? arb_pos_inf(b.v.x) : arb_neg_inf(b.v.x);
  } else {
    throw py::value_error("NaN is not a number a Ball can hold");
  }
  return b;
}

/// An operand: a Ball as is, or a number converted at precision prec (nullopt: not a number).
struct Operand {
  const Ball* ball = nullptr;
  Ball owned;
  [[nodiscard]] const Ball& get() const { return ball != nullptr ? *ball : owned; }
};

bool is_ball(py::handle o) { return py::isinstance<Ball>(o); }

std::optional<Operand> operand(py::handle o, slong prec) {
  Operand op;
  if (is_ball(o)) {
    op.ball = &o.cast<const Ball&>();
    return op;
  }
  Number n = as_number(o);
  if (n.kind == Number::none) return std::nullopt;
  op.owned = ball_of_number(n, prec);
  return op;
}

/// The working precision of an operation on `a` and the Python object `o`.
slong op_prec(const Ball& a, py::handle o) {
  const slong c = context_prec();
  if (c > 0) return c;
  return is_ball(o) ? std::max(a.prec, o.cast<const Ball&>().prec) : a.prec;
}

py::object not_implemented() { return py::reinterpret_borrow<py::object>(Py_NotImplemented); }

[[noreturn]] void raise(PyObject* type, const std::string& message) {
  PyErr_SetString(type, message.c_str());
  throw py::error_already_set();
}

py::object wrap(Ball&& b) { return py::cast(std::move(b)); }

// ---- arithmetic ------------------------------------------------------------------------------------
enum class Op { add, sub, mul, div, pow };

void pow_ball(arb_t res, const Ball& x, const Ball& y, slong prec) {
  if (y.ends && fmpq_equal(y.ends->lo.x, y.ends->hi.x)) {  // an exact exponent
    const fmpq* q = y.ends->lo.x;
    if (fmpz_is_one(fmpq_denref(q))) {
      if (fmpz_sgn(fmpq_numref(q)) < 0 && arb_is_zero(x.v.x)) throw py::value_error("0 to a negative power");
      arb_pow_fmpz(res, x.v.x, fmpq_numref(q), prec);
      return;
    }
    if (arb_is_negative(x.v.x)) throw py::value_error("a negative Ball to a non-integer power");
    arb_pow_fmpq(res, x.v.x, q, prec);
    return;
  }
  if (arb_is_negative(x.v.x)) throw py::value_error("a negative Ball to a non-integer power");
  arb_pow(res, x.v.x, y.v.x, prec);
}

/// mpmath's intervals (iv.mpf, iv.mpc). Returning NotImplemented for them would hand `ball + x` to
/// their reflected operators, which raise NotImplementedError from inside mpmath (issue 29).
bool is_mpmath_interval(py::handle o) { return py::hasattr(o, "_mpi_") || py::hasattr(o, "_mpci_"); }

const char* symbol(Op op) {
  switch (op) {
    case Op::add:
      return "+";
    case Op::sub:
      return "-";
    case Op::mul:
      return "*";
    case Op::div:
      return "/";
    case Op::pow:
      return "**";
  }
  return "?";
}

py::object binary(const Ball& a, py::handle other, Op op, bool reflected) {
  const slong prec = op_prec(a, other);
  std::optional<Operand> ob = operand(other, prec);
  if (!ob && is_mpmath_interval(other)) {  // the TypeError Python raises for unsupported operands
    const std::string them = py::str(other.get_type().attr("__name__"));
    raise(PyExc_TypeError, std::string("unsupported operand type(s) for ") + symbol(op) + ": '" +
                               (reflected ? them : "Ball") + "' and '" + (reflected ? "Ball" : them) +
                               "' (an mpmath interval; Ball.from_bracket(lo, hi) makes a Ball of its ends)");
  }
  if (!ob) return not_implemented();
  const Ball& x = reflected ? ob->get() : a;
  const Ball& y = reflected ? a : ob->get();
  Ball r;
  r.prec = prec;
  switch (op) {
    case Op::add:
      arb_add(r.v.x, x.v.x, y.v.x, prec);
      break;
    case Op::sub:
      arb_sub(r.v.x, x.v.x, y.v.x, prec);
      break;
    case Op::mul:
      arb_mul(r.v.x, x.v.x, y.v.x, prec);
      break;
    case Op::div:
      if (arb_is_zero(y.v.x)) raise(PyExc_ZeroDivisionError, "Ball division by zero");
      arb_div(r.v.x, x.v.x, y.v.x, prec);
      break;
    case Op::pow:
      pow_ball(r.v.x, x, y, prec);
      break;
  }
  return wrap(std::move(r));
}

slong unary_prec(const Ball& a) {
  const slong c = context_prec();
  return c > 0 ? c : a.prec;
}

Ball negated(const Ball& a) {
  Ball r;
  r.prec = a.prec;
  arb_neg(r.v.x, a.v.x);  // exact
  if (a.ends) {
    auto e = std::make_shared<Ends>();
    fmpq_neg(e->lo.x, a.ends->hi.x);
    fmpq_neg(e->hi.x, a.ends->lo.x);
    r.ends = std::move(e);
  }
  return r;
}

enum class Fn { sqrt, exp, log, abs };

Ball function(const Ball& a, Fn f) {
  Ball r;
  r.prec = unary_prec(a);
  switch (f) {
    case Fn::sqrt:
      if (arb_is_negative(a.v.x)) throw py::value_error("sqrt of a negative Ball");
      arb_sqrt(r.v.x, a.v.x, r.prec);
      break;
    case Fn::exp:
      arb_exp(r.v.x, a.v.x, r.prec);
      break;
    case Fn::log:
      if (arb_is_nonpositive(a.v.x)) throw py::value_error("log of a Ball that is <= 0");
      arb_log(r.v.x, a.v.x, r.prec);
      break;
    case Fn::abs:
      arb_abs(r.v.x, a.v.x);
      break;
  }
  return r;
}

/// min / max / union of a Ball and more values (Balls or numbers).
Ball fold(const Ball& a, const py::args& more, int which) {
  slong prec = context_prec();
  if (prec == 0) {
    prec = a.prec;
    for (py::handle o : more)
      if (is_ball(o)) prec = std::max(prec, o.cast<const Ball&>().prec);
  }
  Ball r;
  r.prec = prec;
  arb_set(r.v.x, a.v.x);
  std::shared_ptr<Ends> ends = which == 2 && a.ends ? std::make_shared<Ends>(*a.ends) : nullptr;
  for (py::handle o : more) {
    std::optional<Operand> ob = operand(o, prec);
    if (!ob)
      throw py::type_error("cannot combine a Ball with " +
                           std::string(py::str(o.get_type().attr("__name__"))));
    const Ball& b = ob->get();
    if (which == 0) arb_min(r.v.x, r.v.x, b.v.x, prec);
    if (which == 1) arb_max(r.v.x, r.v.x, b.v.x, prec);
    if (which == 2) {
      arb_union(r.v.x, r.v.x, b.v.x, prec);
      if (ends && b.ends) {
        if (fmpq_cmp(b.ends->lo.x, ends->lo.x) < 0) ends->lo = b.ends->lo;
        if (fmpq_cmp(b.ends->hi.x, ends->hi.x) > 0) ends->hi = b.ends->hi;
      } else {
        ends.reset();
      }
    }
  }
  r.ends = std::move(ends);
  return r;
}

/// The interval from the lower end of `lo` to the upper end of `hi` (a certified bracket as one Ball).
Ball from_bracket(py::handle lo, py::handle hi) {
  slong prec = context_prec();
  if (prec == 0) {
    prec = prec_for_digits(30);
    for (py::handle o : {lo, hi})
      if (is_ball(o)) prec = std::max(prec, o.cast<const Ball&>().prec);
  }
  std::optional<Operand> a = operand(lo, prec), b = operand(hi, prec);
  if (!a || !b) throw py::type_error("Ball.from_bracket(lo, hi) takes Balls or numbers");
  const Ball &x = a->get(), &y = b->get();
  Ball r;
  r.prec = prec;
  if (x.ends && y.ends) {
    if (fmpq_cmp(x.ends->lo.x, y.ends->hi.x) > 0)
      throw py::value_error("Ball.from_bracket: lo lies above hi");
    auto e = std::make_shared<Ends>();
    e->lo = x.ends->lo;
    e->hi = y.ends->hi;
    Arb t;
    arb_set_fmpq(r.v.x, e->lo.x, prec);
    arb_set_fmpq(t.x, e->hi.x, prec);
    arb_union(r.v.x, r.v.x, t.x, prec);
    r.ends = std::move(e);
    return r;
  }
  Arf l, u;
  arb_get_lbound_arf(l.x, x.v.x, prec);
  arb_get_ubound_arf(u.x, y.v.x, prec);
  if (arf_cmp(l.x, u.x) > 0) throw py::value_error("Ball.from_bracket: lo lies above hi");
  arb_set_interval_arf(r.v.x, l.x, u.x, prec);
  return r;
}

// ---- exact values out ------------------------------------------------------------------------------
constexpr slong kMaxExactBits = 4000000;  // 2^4e6: beyond, exact conversions refuse (OverflowError)

/// An arf (finite) as an exact rational.
void arf_to_fmpq(fmpq_t out, const arf_t x) {
  Fmpz m, e;
  arf_get_fmpz_2exp(m.x, e.x, x);
  if (!fmpz_fits_si(e.x) || std::labs(fmpz_get_si(e.x)) > kMaxExactBits)
    raise(PyExc_OverflowError, "the Ball's exponent is too large for an exact conversion (use float())");
  const slong ex = fmpz_get_si(e.x);
  if (ex >= 0) {
    fmpz_mul_2exp(m.x, m.x, static_cast<ulong>(ex));
    fmpq_set_fmpz_frac(out, m.x, Fmpz(1).x);
  } else {
    Fmpz d;
    fmpz_one_2exp(d.x, static_cast<ulong>(-ex));
    fmpq_set_fmpz_frac(out, m.x, d.x);
  }
}

/// True when q = p / (2^a 5^b): a finite decimal.
bool is_decimal(const fmpq_t q) {
  Fmpz den, five;
  fmpz_set(den.x, fmpq_denref(q));
  fmpz_tdiv_q_2exp(den.x, den.x, fmpz_val2(den.x));
  fmpz_set_ui(five.x, 5);
  fmpz_remove(den.x, den.x, five.x);
  return fmpz_is_one(den.x) != 0;
}

/// Exact ends: the kept interval, else the Arb ball's [mid - rad, mid + rad]. False if not finite.
/// `decimal`: only a kept interval whose ends are finite decimals (1/3 is not: then Arb's ends).
bool exact_ends(const Ball& b, Fmpq& lo, Fmpq& hi, bool decimal = false) {
  if (b.ends && (!decimal || (is_decimal(b.ends->lo.x) && is_decimal(b.ends->hi.x)))) {
    lo = b.ends->lo;
    hi = b.ends->hi;
    return true;
  }
  if (!arb_is_finite(b.v.x)) return false;
  Fmpq m, r;
  arf_to_fmpq(m.x, arb_midref(b.v.x));
  Arf ra;
  arf_set_mag(ra.x, arb_radref(b.v.x));
  arf_to_fmpq(r.x, ra.x);
  fmpq_sub(lo.x, m.x, r.x);
  fmpq_add(hi.x, m.x, r.x);
  return true;
}

/// exact_ends without exceptions: false for a non-finite ball or one with a huge exponent.
bool try_ends(const Ball& b, Fmpq& lo, Fmpq& hi) {
  if (b.ends) return exact_ends(b, lo, hi);
  if (!arb_is_finite(b.v.x)) return false;
  const arf_struct* m = arb_midref(b.v.x);
  if (!arf_is_zero(m) && (!fmpz_fits_si(ARF_EXPREF(m)) || std::labs(fmpz_get_si(ARF_EXPREF(m))) > 100000))
    return false;
  if (!mag_is_zero(arb_radref(b.v.x)) && (!fmpz_fits_si(MAG_EXPREF(arb_radref(b.v.x))) ||
                                          std::labs(fmpz_get_si(MAG_EXPREF(arb_radref(b.v.x)))) > 100000))
    return false;
  return exact_ends(b, lo, hi);
}

/// Decimal text of a rational whose denominator is 2^a 5^b (always the case here), exactly.
std::string exact_decimal(const fmpq_t q) {
  Fmpz den, n, f;
  fmpz_set(den.x, fmpq_denref(q));
  const slong a = static_cast<slong>(fmpz_val2(den.x));
  fmpz_tdiv_q_2exp(den.x, den.x, static_cast<ulong>(a));
  fmpz_set_ui(f.x, 5);
  const slong b = static_cast<slong>(fmpz_remove(den.x, den.x, f.x));
  if (!fmpz_is_one(den.x)) throw std::logic_error("exact_decimal: not a decimal fraction");
  const slong k = std::max(a, b);
  fmpz_mul_2exp(n.x, fmpq_numref(q), static_cast<ulong>(k - a));
  fmpz_ui_pow_ui(f.x, 5, static_cast<ulong>(k - b));
  fmpz_mul(n.x, n.x, f.x);
  return bc::to_string(n.x) + (k > 0 ? "e-" + std::to_string(k) : "");
}

// ---- order: three-valued ------------------------------------------------------------------------------
enum class Cmp { lt, le, gt, ge };

/// 1 (holds for every point), 0 (fails for every point), -1 (undecided).
int compare(const Ball& a, const Ball& b, Cmp c) {
  Fmpq al, ah, bl, bh;  // exact ends: the kept interval, or the Arb ball's own ends exactly
  if (try_ends(a, al, ah) && try_ends(b, bl, bh)) {
    const fmpq *alo = al.x, *ahi = ah.x, *blo = bl.x, *bhi = bh.x;
    switch (c) {
      case Cmp::lt:
        return fmpq_cmp(ahi, blo) < 0 ? 1 : fmpq_cmp(alo, bhi) >= 0 ? 0 : -1;
      case Cmp::le:
        return fmpq_cmp(ahi, blo) <= 0 ? 1 : fmpq_cmp(alo, bhi) > 0 ? 0 : -1;
      case Cmp::gt:
        return fmpq_cmp(alo, bhi) > 0 ? 1 : fmpq_cmp(ahi, blo) <= 0 ? 0 : -1;
      case Cmp::ge:
        return fmpq_cmp(alo, bhi) >= 0 ? 1 : fmpq_cmp(ahi, blo) < 0 ? 0 : -1;
    }
  }
  const arb_struct *x = a.v.x, *y = b.v.x;
  switch (c) {
    case Cmp::lt:
      return arb_lt(x, y) ? 1 : arb_ge(x, y) ? 0 : -1;
    case Cmp::le:
      return arb_le(x, y) ? 1 : arb_gt(x, y) ? 0 : -1;
    case Cmp::gt:
      return arb_gt(x, y) ? 1 : arb_le(x, y) ? 0 : -1;
    case Cmp::ge:
      return arb_ge(x, y) ? 1 : arb_lt(x, y) ? 0 : -1;
  }
  return -1;
}

py::object tri(const Ball& a, py::handle o, Cmp c) {
  std::optional<Operand> b = operand(o, op_prec(a, o));
  if (!b)
    throw py::type_error("cannot compare a Ball with " + std::string(py::str(o.get_type().attr("__name__"))));
  const int r = compare(a, b->get(), c);
  if (r < 0) return py::none();
  return py::bool_(r == 1);
}

std::string show(const Ball& b);

py::object decided(const Ball& a, py::handle o, Cmp c, const char* symbol) {
  std::optional<Operand> b = operand(o, op_prec(a, o));
  if (!b) return not_implemented();
  const int r = compare(a, b->get(), c);
  if (r >= 0) return py::bool_(r == 1);
  static PyObject* undecided = py_type("boundcheck._errors", "UndecidedError");
  raise(undecided, show(a) + " " + symbol + " " + std::string(py::str(o)) +
                       ": the enclosures overlap; neither answer is proven (Ball.lt/le/gt/ge return None)");
}

bool contains(const Ball& a, py::handle o) {
  std::optional<Operand> b = operand(o, op_prec(a, o));
  if (!b) throw py::type_error("Ball.contains takes a Ball or a number");
  const Ball& x = b->get();
  Fmpq al, ah, xl, xh;
  if (try_ends(a, al, ah) && try_ends(x, xl, xh))
    return fmpq_cmp(al.x, xl.x) <= 0 && fmpq_cmp(xh.x, ah.x) <= 0;
  return arb_contains(a.v.x, x.v.x) != 0;
}

bool overlaps(const Ball& a, py::handle o) {
  std::optional<Operand> b = operand(o, op_prec(a, o));
  if (!b) throw py::type_error("Ball.overlaps takes a Ball or a number");
  const Ball& x = b->get();
  Fmpq al, ah, xl, xh;
  if (try_ends(a, al, ah) && try_ends(x, xl, xh))
    return fmpq_cmp(al.x, xh.x) <= 0 && fmpq_cmp(xl.x, ah.x) <= 0;
  return arb_overlaps(a.v.x, x.v.x) != 0;
}

}  // namespace

// ---- text in and out ---------------------------------------------------------------------------------
namespace {

/// The common printed form "[-]d.ddd[e[+-]x]" as N 10^-k (N an integer); false for anything else
/// (brackets, "0", inf): those take printed_interval. Same reading: +-1 unit in the last digit.
bool plain_decimal(const std::string& s, Fmpz& n, slong& k) {
  if (s.empty() || s.size() > 10000 || s == "0" || s == "-0" || s == "+0") return false;
  std::string digits;
  size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
  slong frac = 0;
  bool dot = false;
  for (; i < s.size() && s[i] != 'e' && s[i] != 'E'; ++i) {
    if (s[i] == '.' && !dot) {
      dot = true;
    } else if (s[i] >= '0' && s[i] <= '9') {
      digits += s[i];
      frac += dot ? 1 : 0;
    } else {
      return false;
    }
  }
  slong e = 0;
  if (i < s.size()) {
    std::string_view x(s.c_str() + i + 1, s.size() - i - 1);
    const bool neg = !x.empty() && x[0] == '-';
    if (!x.empty() && (x[0] == '-' || x[0] == '+')) x.remove_prefix(1);
    if (x.empty() || x.size() > 6) return false;
    for (char c : x) {
      if (c < '0' || c > '9') return false;
      e = 10 * e + (c - '0');
    }
    if (neg) e = -e;
  }
  if (digits.empty() || fmpz_set_str(n.x, digits.c_str(), 10) != 0) return false;
  if (s[0] == '-') fmpz_neg(n.x, n.x);
  k = frac - e;
  return true;
}

/// The Ball of N 10^-k +- 10^-k: exact ends and an Arb enclosure, without rational arithmetic.
void set_plain_decimal(Ball& b, const Fmpz& n, slong k) {
  Fmpz p, lo, hi;
  fmpz_ui_pow_ui(p.x, 10, static_cast<ulong>(k < 0 ? -k : k));
  fmpz_sub_ui(lo.x, n.x, 1);
  fmpz_add_ui(hi.x, n.x, 1);
  auto e = std::make_shared<Ends>();
  arb_set_fmpz(b.v.x, n.x);
  mag_one(arb_radref(b.v.x));  // [N - 1, N + 1], exactly
  if (k >= 0) {
    fmpq_set_fmpz_frac(e->lo.x, lo.x, p.x);
    fmpq_set_fmpz_frac(e->hi.x, hi.x, p.x);
    arb_div_fmpz(b.v.x, b.v.x, p.x, b.prec);
  } else {
    fmpz_mul(lo.x, lo.x, p.x);
    fmpz_mul(hi.x, hi.x, p.x);
    fmpq_set_fmpz_frac(e->lo.x, lo.x, Fmpz(1).x);
    fmpq_set_fmpz_frac(e->hi.x, hi.x, Fmpz(1).x);
    arb_mul_fmpz(b.v.x, b.v.x, p.x, b.prec);
  }
  b.ends = std::move(e);
}

}  // namespace

Ball ball_from_text(const std::string& text, slong prec) {
  Ball b;
  long shown = 0;  // at least the precision of the digits the text shows
  for (char c : text) {
    if (c == 'e' || c == 'E' || c == '+' || c == '/' || c == ',') break;
    if (c >= '0' && c <= '9') ++shown;
  }
  b.prec = std::max(prec, prec_for_digits(shown));
  b.text = text;
  Fmpz n;
  slong k = 0;
  if (plain_decimal(text, n, k)) {
    set_plain_decimal(b, n, k);
    return b;
  }
  Fmpq lo, hi;
  if (bc::out::printed_interval(lo, hi, text)) {
    Fmpq mid, rad;
    fmpq_add(mid.x, lo.x, hi.x);
    fmpq_div_2exp(mid.x, mid.x, 1);
    fmpq_sub(rad.x, hi.x, lo.x);
    fmpq_div_2exp(rad.x, rad.x, 1);
    Arb r;
    arb_set_fmpq(b.v.x, mid.x, b.prec);
    arb_set_fmpq(r.x, rad.x, b.prec);
    arb_add_error(b.v.x, r.x);
    auto e = std::make_shared<Ends>();
    e->lo = std::move(lo);
    e->hi = std::move(hi);
    b.ends = std::move(e);
    return b;
  }
  std::string s;
  for (char c : text)
    if (c != ' ') s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s == "inf" || s == "+inf") {
    arb_pos_inf(b.v.x);
  } else if (s == "-inf") {
    arb_neg_inf(b.v.x);
  } else if (s == "nan" || s == "[nan+/-inf]" || s == "[+/-inf]") {
    arb_indeterminate(b.v.x);
  } else {
    throw py::value_error("not a real printed by boundcheck: \"" +
                          (text.size() > 60 ? text.substr(0, 57) + "..." : text) + "\"");
  }
  return b;
}

namespace {

/// What str() prints: the text boundcheck printed; for a computed Ball the digits it supports, at
/// most the Ball's digits, printed as `table` prints a derived column (bc::format_ball: the CLI's
/// one formatter; "[m +/- r]" when not even one digit is supported). Read back by Ball(text), a
/// printed decimal stands for +-1 unit in its last digit, which holds the Ball.
std::string show(const Ball& b) {
  if (!b.text.empty()) return b.text;
  if (!arb_is_finite(b.v.x)) {
    if (arb_is_exact(b.v.x) && arf_is_pos_inf(arb_midref(b.v.x))) return "inf";
    if (arb_is_exact(b.v.x) && arf_is_neg_inf(arb_midref(b.v.x))) return "-inf";
    return "[nan +/- inf]";
  }
  return bc::format_ball(b.v.x, digits_of_prec(b.prec), false);
}

std::string repr(const Ball& b) {
  if (!b.text.empty()) return "Ball('" + b.text + "')";
  if (!arb_is_finite(b.v.x) || arb_is_exact(b.v.x)) return "Ball('" + show(b) + "')";
  // a few digits beyond the precision keep the printed radius close to the ball's own
  return "Ball('" + bc::format_real(b.v.x, digits_of_prec(b.prec) + 5, true) + "')";
}

Ball construct(py::handle x, std::optional<long> digits) {
  if (digits && (*digits < 1 || *digits > 1000000))
    throw py::value_error("Ball: digits must be in [1, 1000000]");
  slong prec = digits ? prec_for_digits(*digits) : context_prec();
  if (is_ball(x)) {
    Ball b = x.cast<const Ball&>();
    if (digits) b.prec = prec;
    return b;
  }
  if (prec == 0) prec = prec_for_digits(30);
  if (py::isinstance<py::str>(x)) {
    Ball b = ball_from_text(py::str(x), prec);
    if (digits) b.prec = prec;
    return b;
  }
  Number n = as_number(x);
  if (n.kind == Number::none)
    throw py::type_error(
        "Ball() takes a number (int, Fraction, Decimal, float, mpmath.mpf), a Ball, or the text boundcheck "
        "prints");
  return ball_of_number(n, prec);
}

/// Python's numeric hash of an exact point, so that a point Ball hashes like the number it equals.
py::int_ hash_point(const fmpq_t q) {
  static PyObject* fraction = py_type("fractions", "Fraction");
  py::tuple t = to_pyfrac(q);
  return py::int_(PyObject_Hash(py::reinterpret_borrow<py::object>(fraction)(t[0], t[1]).ptr()));
}

/// The exact point a Ball is (radius 0), if it is one.
bool point(const Ball& b, Fmpq& q) {
  if (b.ends) {
    if (!fmpq_equal(b.ends->lo.x, b.ends->hi.x)) return false;
    q = b.ends->lo;
    return true;
  }
  if (!arb_is_exact(b.v.x) || !arb_is_finite(b.v.x)) return false;
  arf_to_fmpq(q.x, arb_midref(b.v.x));
  return true;
}

// ---- equality: three-valued, as the order -------------------------------------------------------------

/// 1: both are the same exact value; 0: the enclosures are disjoint (the values differ); -1: they
/// overlap and are not one point, so neither answer is proven. Exact ends compare exactly.
int compare_eq(const Ball& a, const Ball& b) {
  Fmpq al, ah, bl, bh;
  if (try_ends(a, al, ah) && try_ends(b, bl, bh)) {
    if (fmpq_cmp(ah.x, bl.x) < 0 || fmpq_cmp(bh.x, al.x) < 0) return 0;
    const bool same_point = fmpq_equal(al.x, ah.x) && fmpq_equal(bl.x, bh.x) && fmpq_equal(al.x, bl.x);
    return same_point ? 1 : -1;
  }
  if (arb_eq(a.v.x, b.v.x)) return 1;  // Arb: both exact and equal
  if (arb_ne(a.v.x, b.v.x)) return 0;  // Arb: disjoint
  return -1;
}

/// == (negate: !=): decided, or UndecidedError; the same Python object is equal to itself (one
/// real number, whatever its enclosure); NotImplemented for what is not a number.
py::object decided_eq(const py::object& self, py::handle o, bool negate) {
  if (self.is(o)) return py::bool_(!negate);
  const Ball& a = self.cast<const Ball&>();
  std::optional<Operand> b = operand(o, op_prec(a, o));
  if (!b) return not_implemented();
  const int r = compare_eq(a, b->get());
  if (r >= 0) return py::bool_((r == 1) != negate);
  static PyObject* undecided = py_type("boundcheck._errors", "UndecidedError");
  raise(undecided, show(a) + (negate ? " != " : " == ") + std::string(py::str(o)) +
                       ": the enclosures overlap; neither answer is proven (Ball.eq/ne return None; "
                       "Ball.identical compares the enclosures themselves)");
}

/// eq / ne: True, False, or None when undecided.
py::object tri_eq(const Ball& a, py::handle o, bool negate) {
  std::optional<Operand> b = operand(o, op_prec(a, o));
  if (!b)
    throw py::type_error("cannot compare a Ball with " + std::string(py::str(o.get_type().attr("__name__"))));
  const int r = compare_eq(a, b->get());
  if (r < 0) return py::none();
  return py::bool_((r == 1) != negate);
}

/// The structural test (Ball.identical): the same enclosure (equal kept ends, or the same Arb ball;
/// a point and the number it is). Not a statement about the real numbers.
py::object equals(const Ball& a, py::handle o) {
  Fmpq p, q;
  if (!is_ball(o)) {
    Number n = as_number(o);
    if (n.kind != Number::exact) return n.kind == Number::none ? not_implemented() : py::bool_(false);
    return py::bool_(point(a, p) && fmpq_equal(p.x, n.q.x));
  }
  const Ball& b = o.cast<const Ball&>();
  const bool pa = point(a, p), pb = point(b, q);
  if (pa || pb) return py::bool_(pa && pb && fmpq_equal(p.x, q.x));
  if (a.ends && b.ends)
    return py::bool_(fmpq_equal(a.ends->lo.x, b.ends->lo.x) && fmpq_equal(a.ends->hi.x, b.ends->hi.x));
  if (a.ends || b.ends) return py::bool_(false);
  return py::bool_(arb_equal(a.v.x, b.v.x) != 0);
}

py::int_ hash(const Ball& a) {
  Fmpq p;
  if (point(a, p)) return hash_point(p.x);
  std::string key;
  if (a.ends) {
    key = "e" + a.ends->lo.str() + "," + a.ends->hi.str();
  } else {
    char* s = arb_dump_str(a.v.x);
    key = std::string("a") + s;
    flint_free(s);
  }
  return py::int_(PyObject_Hash(py::str(key).ptr()));
}

/// The midpoint (which = 0, to nearest) or an end (-1 lower, rounded down; +1 upper, rounded up)
/// as a double: the exact ends when kept (MPFR rounds the rational once), else Arb's.
double to_double(const Ball& b, int which) {
  const mpfr_rnd_t rnd = which < 0 ? MPFR_RNDD : which > 0 ? MPFR_RNDU : MPFR_RNDN;
  if (b.ends) {
    Fmpq x;
    if (which == 0) {
      fmpq_add(x.x, b.ends->lo.x, b.ends->hi.x);
      fmpq_div_2exp(x.x, x.x, 1);
    } else {
      fmpq_set(x.x, which < 0 ? b.ends->lo.x : b.ends->hi.x);
    }
    mpq_t q;
    mpq_init(q);
    fmpq_get_mpq(q, x.x);
    mpfr_t r;
    mpfr_init2(r, 53);
    mpfr_set_q(r, q, rnd);
    const double d = mpfr_get_d(r, rnd);
    mpfr_clear(r);
    mpq_clear(q);
    return d;
  }
  if (which == 0) return arf_get_d(arb_midref(b.v.x), ARF_RND_NEAR);
  // a ball that holds everything ([nan +/- inf]: a quotient by a ball holding 0) has no end to
  // round: the enclosure is the whole line (Arb's ends would be nan)
  if (arf_is_nan(arb_midref(b.v.x))) return which < 0 ? -HUGE_VAL : HUGE_VAL;
  Arf e;
  if (which < 0)
    arb_get_lbound_arf(e.x, b.v.x, 64);
  else
    arb_get_ubound_arf(e.x, b.v.x, 64);
  return arf_get_d(e.x, which < 0 ? ARF_RND_FLOOR : ARF_RND_CEIL);
}

py::tuple decimal_strings(const Ball& b) {
  Fmpq lo, hi, mid, rad;
  if (!exact_ends(b, lo, hi, true)) {
    const char* m = arb_is_exact(b.v.x) && arf_is_pos_inf(arb_midref(b.v.x))   ? "Infinity"
                    : arb_is_exact(b.v.x) && arf_is_neg_inf(arb_midref(b.v.x)) ? "-Infinity"
                                                                               : "NaN";
    const bool inf = m[0] != 'N';
    return py::make_tuple(m, inf ? "0" : "Infinity", inf ? m : "-Infinity", inf ? m : "Infinity");
  }
  fmpq_add(mid.x, lo.x, hi.x);
  fmpq_div_2exp(mid.x, mid.x, 1);
  fmpq_sub(rad.x, hi.x, lo.x);
  fmpq_div_2exp(rad.x, rad.x, 1);
  return py::make_tuple(exact_decimal(mid.x), exact_decimal(rad.x), exact_decimal(lo.x), exact_decimal(hi.x));
}

py::object rationals(const Ball& b) {
  Fmpq lo, hi, mid;
  if (!exact_ends(b, lo, hi)) return py::none();
  fmpq_add(mid.x, lo.x, hi.x);
  fmpq_div_2exp(mid.x, mid.x, 1);
  return py::make_tuple(to_pyfrac(mid.x), to_pyfrac(lo.x), to_pyfrac(hi.x));
}

py::tuple get_state(const Ball& b) {
  char* s = arb_dump_str(b.v.x);
  std::string dump(s);
  flint_free(s);
  py::object ends = py::none();
  if (b.ends) ends = py::make_tuple(b.ends->lo.str(), b.ends->hi.str());
  return py::make_tuple(dump, b.prec, b.text, ends);
}

Ball set_state(const py::tuple& t) {
  if (t.size() != 4) throw py::value_error("Ball: bad pickle state");
  Ball b;
  const std::string dump = py::str(t[0]);
  if (arb_load_str(b.v.x, dump.c_str()) != 0) throw py::value_error("Ball: bad pickle state");
  b.prec = py::cast<slong>(t[1]);
  b.text = py::str(t[2]);
  if (!t[3].is_none()) {
    py::tuple e = t[3];
    auto ends = std::make_shared<Ends>();
    auto lo = bc::parse_exact_rational(py::str(e[0]).cast<std::string>());
    auto hi = bc::parse_exact_rational(py::str(e[1]).cast<std::string>());
    if (!lo || !hi) throw py::value_error("Ball: bad pickle state");
    ends->lo = std::move(*lo);
    ends->hi = std::move(*hi);
    b.ends = std::move(ends);
  }
  return b;
}

}  // namespace

namespace {

/// Construction, properties, conversions, equality and hashing.
void bind_core(py::class_<Ball>& c) {
  c.def(py::init(&construct), py::arg("x") = 0, py::arg("digits") = py::none());
  c.def_property_readonly(
      "prec", [](const Ball& b) { return b.prec; }, "Working precision of operations, in bits.");
  c.def_property_readonly(
      "digits", [](const Ball& b) { return digits_of_prec(b.prec); },
      "Decimal digits of the working precision.");
  c.def_property_readonly("text", &show,
                          "The value as boundcheck printed it (computed Balls: their correct digits).");
  c.def_property_readonly(
      "is_exact",
      [](const Ball& b) {
        return b.ends ? fmpq_equal(b.ends->lo.x, b.ends->hi.x) != 0 : arb_is_exact(b.v.x) != 0;
      },
      "True when the Ball is one point (radius 0).");
  c.def_property_readonly("is_finite", [](const Ball& b) { return arb_is_finite(b.v.x) != 0; });
  c.def_property_readonly("rel_accuracy_bits", [](const Ball& b) { return arb_rel_accuracy_bits(b.v.x); });
  c.def("_decimal_strings", &decimal_strings, "(mid, rad, lo, hi) as exact decimal strings.");
  c.def("_rationals", &rationals, "((p, q) of mid, lo, hi) exactly, or None when not finite.");
  c.def("_float", &to_double, py::arg("which"),
        "0: the midpoint, -1: the lower end rounded down, +1: the upper end rounded up.");
  c.def("__float__", [](const Ball& b) { return to_double(b, 0); });
  c.def("__str__", &show);
  c.def("__repr__", &repr);
  c.def("__hash__", &hash);
  c.def(
      "__eq__", [](const py::object& self, py::handle o) { return decided_eq(self, o, false); },
      py::is_operator());
  c.def(
      "__ne__", [](const py::object& self, py::handle o) { return decided_eq(self, o, true); },
      py::is_operator());
  c.def(
      "identical",
      [](const Ball& a, py::handle o) {
        py::object r = equals(a, o);
        return r.is(not_implemented()) ? py::bool_(false) : r;
      },
      py::arg("other"),
      "True when other is the same enclosure (the same kept ends or the same Arb ball; an exact Ball and "
      "the number it is): structure, not the real numbers' equality (that is ==, three-valued).");
  c.def(
      "eq", [](const Ball& a, py::handle o) { return tri_eq(a, o, false); }, py::arg("x"),
      "True if both are the same exact value, False if the enclosures are disjoint, None if undecided.");
  c.def(
      "ne", [](const Ball& a, py::handle o) { return tri_eq(a, o, true); }, py::arg("x"),
      "True if the enclosures are disjoint, False if both are the same exact value, None if undecided.");
  c.def("__bool__", [](const Ball& a) {
    if (arb_is_zero(a.v.x)) return false;
    if (arb_is_nonzero(a.v.x)) return true;
    static PyObject* undecided = py_type("boundcheck._errors", "UndecidedError");
    raise(undecided, show(a) + ": the enclosure contains 0, so its truth value is not proven");
  });
}

/// Arithmetic, functions, intervals and the three-valued order.
void bind_arithmetic(py::class_<Ball>& c) {
  const std::pair<const char*, Op> ops[] = {
      {"add", Op::add}, {"sub", Op::sub}, {"mul", Op::mul}, {"truediv", Op::div}, {"pow", Op::pow}};
  for (const auto& [name, op] : ops) {
    const Op o = op;
    c.def((std::string("__") + name + "__").c_str(),
          [o](const Ball& a, py::handle b) { return binary(a, b, o, false); }, py::is_operator());
    c.def((std::string("__r") + name + "__").c_str(),
          [o](const Ball& a, py::handle b) { return binary(a, b, o, true); }, py::is_operator());
  }
  c.def("__neg__", &negated);
  c.def("__pos__", [](const Ball& a) { return a; });
  c.def("__abs__", [](const Ball& a) { return function(a, Fn::abs); });
  c.def(
      "sqrt", [](const Ball& a) { return function(a, Fn::sqrt); }, "Square root (Arb: arb_sqrt).");
  c.def(
      "exp", [](const Ball& a) { return function(a, Fn::exp); }, "Exponential (Arb: arb_exp).");
  c.def(
      "log", [](const Ball& a) { return function(a, Fn::log); }, "Natural logarithm (Arb: arb_log).");
  c.def(
      "min", [](const Ball& a, py::args more) { return fold(a, more, 0); },
      "A Ball holding min(self, *others) for every choice of points (Arb: arb_min).");
  c.def(
      "max", [](const Ball& a, py::args more) { return fold(a, more, 1); },
      "A Ball holding max(self, *others) for every choice of points (Arb: arb_max).");
  c.def(
      "union", [](const Ball& a, py::args more) { return fold(a, more, 2); },
      "The smallest Ball (at this precision) holding self and every other (Arb: arb_union).");
  c.def_static(
      "from_bracket", &from_bracket, py::arg("lo"), py::arg("hi"),
      "One Ball for a certified bracket lo <= x <= hi: from the lower end of lo to the upper end of hi.");
  c.def("contains", &contains, py::arg("x"),
        "True when x (a number, or a Ball as a whole) lies in the enclosure.");
  c.def("overlaps", &overlaps, py::arg("other"),
        "True when the enclosures (or the enclosure and a number) meet.");
  const std::pair<const char*, Cmp> cmps[] = {
      {"lt", Cmp::lt}, {"le", Cmp::le}, {"gt", Cmp::gt}, {"ge", Cmp::ge}};
  const char* symbols[] = {"<", "<=", ">", ">="};
  int i = 0;
  for (const auto& [name, cmp] : cmps) {
    const Cmp k = cmp;
    const char* sym = symbols[i++];
    c.def(
        name, [k](const Ball& a, py::handle o) { return tri(a, o, k); }, py::arg("x"),
        "True if it holds for every point of the enclosure, False if for none, None if undecided.");
    c.def((std::string("__") + name + "__").c_str(),
          [k, sym](const Ball& a, py::handle o) { return decided(a, o, k, sym); }, py::is_operator());
  }
  c.def(py::pickle(&get_state, &set_state));
}

}  // namespace

void bind_ball(py::module_& m) {
  py::class_<Ball> c(m, "Ball",
                     "A certified real: an Arb ball holding the true value (see boundcheck.Ball).");
  bind_core(c);
  bind_arithmetic(c);
  m.def("_set_ball_context", [](py::object var) {
    Py_XDECREF(g_prec_var);
    g_prec_var = var.is_none() ? nullptr : var.release().ptr();
  });
  m.def("_set_default_ball_digits",
        [](std::optional<long> digits) { g_default_prec = digits ? prec_for_digits(*digits) : 0; });
  m.def("_prec_for_digits", &prec_for_digits);
}

}  // namespace bcpy
