// Text from a file shown on a terminal, in a table or a document (issue 38 §1). A catalogue's
// `published` string, a spec's column name, a shard file's cell or a claim id is somebody else's
// text: printed raw, an escape sequence (ESC ] 0 ; title BEL, ESC [ 8 m), a carriage return or a
// right-to-left override would make the terminal show another row than the one printed ("holds"
// over a real "fails"). Every renderer of text (the text table, Markdown, CSV, LaTeX, HTML) and the
// one printer of notes and errors (cli::one_line) pass such text through here, so the characters
// that can move the cursor, change the terminal's state or reorder what is shown are printed as
// visible escapes instead:
//   - C0 controls (U+0000..U+001F) and DEL as \xNN ("\x1b", "\x00", "\x0d");
//   - C1 controls (U+0080..U+009F), the bidirectional controls U+061C, U+200E, U+200F,
//     U+202A..U+202E and U+2066..U+2069, and the line and paragraph separators U+2028, U+2029 as
//     \uXXXX ("\u202e");
//   - a byte that is not part of well-formed UTF-8 (a lone continuation byte, an overlong form, a
//     surrogate, a truncated sequence) as \xNN ("\xef"), so the result is always valid UTF-8.
// Everything else (printable ASCII, Greek letters, mathematical symbols, a backslash) passes as it
// is. JSON needs none of this: its strings escape every control character themselves.
// Cost: one pass over the string; a string with nothing to escape is scanned once, not copied.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bc {

/// The length (1..4) of the well-formed UTF-8 sequence at s[i], with its code point in `cp`; 0
/// when the bytes there are not one (overlong, surrogate, beyond U+10FFFF, truncated).
size_t utf8_decode(std::string_view s, size_t i, uint32_t& cp);

/// Whether code point `cp` is one that visible_text escapes (the list above).
bool spoofing_code_point(uint32_t cp);

/// True when visible_text(s) == s (nothing to escape).
bool text_is_visible(std::string_view s);

/// `s` with the characters listed above as visible escapes: always valid UTF-8, never a control.
std::string visible_text(std::string_view s);

/// Appends visible_text(s) to `out` (without a copy when there is nothing to escape).
void append_visible(std::string& out, std::string_view s);

/// The character starting at s[i] for a message ("unexpected '１'"): the whole UTF-8 sequence,
/// never one byte of it, as visible_text shows it ("\x00", "\xef" for a malformed byte). `len`
/// receives the number of bytes it spans (at least 1 inside the string, 0 at its end, where the
/// text is "end of text").
std::string char_at(std::string_view s, size_t i, size_t& len);

}  // namespace bc
