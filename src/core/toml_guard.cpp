#include "core/toml_guard.hpp"

#include <cstddef>

namespace bc {

namespace {

enum class Lex { code, comment, basic, literal, ml_basic, ml_literal };

// The length of the run of character q starting at text[i].
size_t run_of(std::string_view text, size_t i, char q) {
  size_t n = 0;
  while (i + n < text.size() && text[i + n] == q) ++n;
  return n;
}

}  // namespace

long toml_non_ascii_line(std::string_view text) {
  Lex st = Lex::code;
  long line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '\n') {
      ++line;
      if (st == Lex::comment || st == Lex::basic || st == Lex::literal) st = Lex::code;
      continue;
    }
    switch (st) {
      case Lex::code:
        if (static_cast<unsigned char>(ch) >= 0x80) return line;
        if (ch == '#') st = Lex::comment;
        if (ch == '"' || ch == '\'') {
          const bool multi = run_of(text, i, ch) >= 3;
          st = ch == '"' ? (multi ? Lex::ml_basic : Lex::basic) : (multi ? Lex::ml_literal : Lex::literal);
          if (multi) i += 2;
        }
        break;
      case Lex::comment:
        break;
      case Lex::basic:
      case Lex::ml_basic:
        if (ch == '\\') {
          if (i + 1 < text.size() && text[i + 1] == '\n') ++line;
          ++i;  // the escaped character
        } else if (ch == '"' && (st == Lex::basic || run_of(text, i, '"') >= 3)) {
          if (st == Lex::ml_basic) i += run_of(text, i, '"') - 1;
          st = Lex::code;
        }
        break;
      case Lex::literal:
      case Lex::ml_literal:
        if (ch == '\'' && (st == Lex::literal || run_of(text, i, '\'') >= 3)) {
          if (st == Lex::ml_literal) i += run_of(text, i, '\'') - 1;
          st = Lex::code;
        }
        break;
    }
  }
  return 0;
}

}  // namespace bc
