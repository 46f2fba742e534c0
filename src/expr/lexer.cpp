// The lexical stage of the expression language (grammar in expr/expr.hpp): recognisers for
// NAME, NUMBER (read exactly: 0.1 is 1/10), STRING, quantity paths (`rank.head-target`, where '-'
// between letters belongs to the name) and punctuation. The parser drives it one token at a time.
// Cost: O(1) per character.
#include "core/decimal.hpp"
#include "core/visible_text.hpp"
#include "expr/detail.hpp"

#include <fmt/format.h>

#include <cctype>

namespace bc::expr::detail {

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

namespace {
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
}  // namespace

// The expression is quoted as visible text: a NUL in it would end the message wherever it is read
// as a C string (what()), and an escape sequence would reach the terminal.
void Scanner::fail_at(size_t pos, const std::string& what) const {
  throw ParseError(fmt::format("expression \"{}\", column {}: {}", visible_text(s_), pos, what), pos, what);
}

std::string Scanner::current() const {
  size_t len = 0;
  return char_at(s_, i_, len);
}

void Scanner::skip() {
  while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
}

bool Scanner::at_end() {
  skip();
  return i_ >= s_.size();
}

size_t Scanner::column() {
  skip();
  return i_ + 1;
}

bool Scanner::peek(std::string_view tok) {
  skip();
  return s_.substr(i_, tok.size()) == tok;
}

bool Scanner::eat(std::string_view tok) {
  if (!peek(tok)) return false;
  i_ += tok.size();
  return true;
}

bool Scanner::eat_word(std::string_view w) {
  skip();
  if (s_.substr(i_, w.size()) != w) return false;
  if (i_ + w.size() < s_.size() && ident_char(s_[i_ + w.size()])) return false;
  i_ += w.size();
  return true;
}

std::string Scanner::ident() {
  skip();
  if (i_ >= s_.size() || !ident_start(s_[i_])) fail("expected a name");
  const size_t b = i_;
  while (i_ < s_.size() && ident_char(s_[i_])) ++i_;
  return std::string(s_.substr(b, i_ - b));
}

bool Scanner::at_ident() {
  skip();
  return i_ < s_.size() && ident_start(s_[i_]);
}

bool Scanner::at_number() {
  skip();
  if (i_ >= s_.size()) return false;
  return is_digit(s_[i_]) || (s_[i_] == '.' && s_.substr(i_, 2) != "..");
}

bool Scanner::at_quote() {
  skip();
  return i_ < s_.size() && (s_[i_] == '"' || s_[i_] == '\'');
}

Fmpq Scanner::number(std::string& text) {
  skip();
  const size_t b = i_;
  auto digits = [&] {
    while (i_ < s_.size() && is_digit(s_[i_])) ++i_;
  };
  digits();
  if (i_ < s_.size() && s_[i_] == '.' && !(i_ + 1 < s_.size() && s_[i_ + 1] == '.')) ++i_, digits();
  if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
    ++i_;
    if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
    digits();
  }
  const std::string_view t = s_.substr(b, i_ - b);
  auto q = parse_exact_rational(t);
  if (!q) {
    const std::string bad(t);
    i_ = b;
    fail(fmt::format("malformed number \"{}\"", bad));
  }
  text = std::string(t);
  return *q;
}

std::string Scanner::string_literal() {
  skip();
  const char quote = s_[i_++];
  const size_t b = i_;
  while (i_ < s_.size() && s_[i_] != quote) ++i_;
  if (i_ >= s_.size()) fail("unterminated string");
  std::string out(s_.substr(b, i_ - b));
  ++i_;
  return out;
}

std::vector<std::string> Scanner::path_rest() {
  std::vector<std::string> path;
  while (i_ < s_.size() && s_[i_] == '.' && i_ + 1 < s_.size() && ident_start(s_[i_ + 1])) {
    ++i_;
    const size_t wb = i_;
    while (i_ < s_.size() && (ident_char(s_[i_]) || (s_[i_] == '-' && i_ + 1 < s_.size() &&
                                                     is_alpha(s_[i_ + 1]) && is_alpha(s_[i_ - 1]))))
      ++i_;
    path.emplace_back(s_.substr(wb, i_ - wb));
  }
  return path;
}

std::string Scanner::column_suffix() {
  if (i_ < s_.size() && s_[i_] == '.' && i_ + 1 < s_.size() && ident_start(s_[i_ + 1])) {
    ++i_;
    return ident();
  }
  return {};
}

std::string Scanner::since(size_t b) const {
  std::string t(s_.substr(b, i_ - b));
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
  return t;
}

}  // namespace bc::expr::detail
