// Guard for TOML text from other people, run before toml++ parses it. toml++ 3.3 (Debian 12) reaches
// __builtin_unreachable (undefined behaviour) in is_non_ascii_horizontal_whitespace for a non-ASCII
// character between tokens: every code point from U+00A1 to U+0499 (Latin-1, Greek, Cyrillic) and
// some near U+3000, in a bare key or a table header (fuzz_catalogue found it once toml++ was compiled
// with the sanitizers). TOML allows non-ASCII text only inside strings and comments, so such a file is
// invalid anyway: it is refused here, naming the line, before toml++ sees it.
// Cost: one pass over the text.
#pragma once
#include <string_view>

namespace bc {

/// The 1-based line of the first non-ASCII byte outside a string or a comment, or 0 if there is none.
/// Strings: "basic" (with backslash escapes), 'literal', and their multi-line forms """ and '''
/// (closed by the last quote of a run of three to five).
long toml_non_ascii_line(std::string_view text);

/// The text without a leading UTF-8 byte-order mark (EF BB BF), which editors on Windows write and
/// which is not part of the TOML document: it is skipped, not refused as a non-ASCII character.
inline std::string_view without_bom(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

}  // namespace bc
