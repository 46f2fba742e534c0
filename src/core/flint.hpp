// RAII holders for the FLINT/Arb C types used across boundcheck.
//
// Arb is the reference arithmetic of the project: every real that reaches the user is an Arb ball
// whose radius proves the printed digits. These wrappers only manage lifetime; arithmetic is done
// with the C API on `.x` so that the code reads like Arb's own documentation (outputs first,
// inputs next, precision last).
#pragma once

#include <acb.h>
#include <arb.h>
#include <flint/fmpq.h>
#include <flint/fmpz.h>

#include <string>
#include <utility>

namespace bc {

class Fmpz {
 public:
  fmpz_t x;
  Fmpz() { fmpz_init(x); }
  explicit Fmpz(slong v) { fmpz_init_set_si(x, v); }
  Fmpz(const Fmpz& o) { fmpz_init_set(x, o.x); }
  Fmpz(Fmpz&& o) noexcept {
    fmpz_init(x);
    fmpz_swap(x, o.x);
  }
  Fmpz& operator=(const Fmpz& o) {
    fmpz_set(x, o.x);
    return *this;
  }
  Fmpz& operator=(Fmpz&& o) noexcept {
    fmpz_swap(x, o.x);
    return *this;
  }
  ~Fmpz() { fmpz_clear(x); }
  [[nodiscard]] std::string str() const;
  bool operator==(const Fmpz& o) const { return fmpz_equal(x, o.x); }
};

class Fmpq {
 public:
  fmpq_t x;
  Fmpq() { fmpq_init(x); }
  Fmpq(slong p, ulong q) {
    fmpq_init(x);
    fmpq_set_si(x, p, q);
  }
  Fmpq(const Fmpq& o) {
    fmpq_init(x);
    fmpq_set(x, o.x);
  }
  Fmpq(Fmpq&& o) noexcept {
    fmpq_init(x);
    fmpq_swap(x, o.x);
  }
  Fmpq& operator=(const Fmpq& o) {
    fmpq_set(x, o.x);
    return *this;
  }
  Fmpq& operator=(Fmpq&& o) noexcept {
    fmpq_swap(x, o.x);
    return *this;
  }
  ~Fmpq() { fmpq_clear(x); }
  /// "p/q", or "p" when q = 1.
  [[nodiscard]] std::string str() const;
  bool operator==(const Fmpq& o) const { return fmpq_equal(x, o.x); }
};

class Arb {
 public:
  arb_t x;
  Arb() { arb_init(x); }
  Arb(const Arb& o) {
    arb_init(x);
    arb_set(x, o.x);
  }
  Arb(Arb&& o) noexcept {
    arb_init(x);
    arb_swap(x, o.x);
  }
  Arb& operator=(const Arb& o) {
    arb_set(x, o.x);
    return *this;
  }
  Arb& operator=(Arb&& o) noexcept {
    arb_swap(x, o.x);
    return *this;
  }
  ~Arb() { arb_clear(x); }
};

class Acb {
 public:
  acb_t x;
  Acb() { acb_init(x); }
  Acb(const Acb& o) {
    acb_init(x);
    acb_set(x, o.x);
  }
  Acb& operator=(const Acb& o) {
    acb_set(x, o.x);
    return *this;
  }
  ~Acb() { acb_clear(x); }
};

class Arf {
 public:
  arf_t x;
  Arf() { arf_init(x); }
  Arf(const Arf& o) {
    arf_init(x);
    arf_set(x, o.x);
  }
  Arf& operator=(const Arf& o) {
    arf_set(x, o.x);
    return *this;
  }
  ~Arf() { arf_clear(x); }
};

class Mag {
 public:
  mag_t x;
  Mag() { mag_init(x); }
  Mag(const Mag& o) {
    mag_init(x);
    mag_set(x, o.x);
  }
  Mag& operator=(const Mag& o) {
    mag_set(x, o.x);
    return *this;
  }
  ~Mag() { mag_clear(x); }
};

/// Decimal string of an exact integer (GMP's subquadratic conversion; never through double).
std::string to_string(const fmpz_t v);

}  // namespace bc
