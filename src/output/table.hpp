// The one output model: every command produces a Table (params, columns, rows of typed cells,
// notes) and render() prints it in any --format. Cell kinds carry the JSON contract of
// PRODUCT.md: exact integers/rationals and multiprecision reals are JSON strings with every
// digit; plain doubles and machine-size parameters are JSON numbers.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace bc::out {

enum class CellKind {
  integer,  ///< machine integer (a parameter, a count that fits in 53 bits): JSON number
  exact,    ///< exact integer or rational of any size, as decimal text: JSON string
  real,     ///< multiprecision real printed at --digits (or an interval): JSON string
  number,   ///< plain double: JSON number
  text,     ///< words (a norm name, a verdict): JSON string
};

struct CellNumber;  // output/cell_value.hpp

struct Cell {
  CellKind kind = CellKind::text;
  /// A number rounded to `sig` significant digits whose integer part holds more digits than that
  /// (cli::uncertified): printed as %.{sig}g ("7.4e+05", not "740000", whose zeros would read as
  /// digits). 0: the shortest text that reads back as dval.
  int sig = 0;
  /// A text cell that JSON writes as a literal: a truth value (shown "yes"/"no") or null (shown
  /// "-", an absent value such as a claim's missing published number).
  enum class Literal : unsigned char { none, yes, no, null } literal = Literal::none;
  std::string str;     // exact / real / text payload
  long long ival = 0;  // integer payload
  double dval = 0.0;   // number payload
  /// The value `str` was printed from (an exact rational, an Arb ball with its radius), kept for the
  /// consumers in the same process (verify --expr, derived columns, Python): they read this, never
  /// the text. Null where the text is all there is (a cell read back from a shard file written by
  /// an older version, a closed form such as "sqrt(3)/2", which reads back exactly).
  std::shared_ptr<const CellNumber> number;

  static Cell of_int(long long v);
  static Cell of_exact(std::string digits);
  static Cell of_real(std::string text);
  static Cell of_double(double v, int sig = 0);
  static Cell of_text(std::string text);
  static Cell of_flag(bool v);  ///< JSON true / false, shown "yes" / "no"
  static Cell of_null();        ///< JSON null, shown "-"

  /// Text for table / csv / markdown.
  [[nodiscard]] std::string display() const;
  [[nodiscard]] nlohmann::ordered_json json() const;
  [[nodiscard]] bool numeric() const { return kind != CellKind::text; }
};

/// A number cell's text, appended to out: "{}" (shortest round trip) or, with sig, "{:.{sig}g}".
void append_number(std::string& out, double v, int sig);

/// Rows a command makes as they are printed instead of holding them as cells, for a long table whose
/// only reader is the printer: `sphere sign-coef --l-max 100001` at the CLI prints 50 001 rows, and
/// 150 000 cells held at once (each a string and a value) cost more than the numbers. render() takes
/// the rows from the source one at a time into one reused row; every format handles it (CSV row by
/// row, the others through Table::materialize). Only a front end that reads nothing but the printed
/// text gets such a table (cli::Context::keep_values is false: the CLI's main()); `table`, `verify`
/// and Python always get cells with their values.
class RowSource {
 public:
  virtual ~RowSource() = default;
  /// The number of rows.
  [[nodiscard]] virtual size_t size() const = 0;
  /// Sets `row` (one cell per column; its cells' strings may hold a previous row's text, to be
  /// reused) to the cells of row i.
  virtual void fill(size_t i, std::vector<Cell>& row) const = 0;
};

struct Table {
  std::string command;  ///< e.g. "sphere dim"
  nlohmann::ordered_json params = nlohmann::ordered_json::object();
  std::vector<std::string> columns;  ///< snake_case names
  std::vector<std::vector<Cell>> rows;
  std::vector<std::string> notes;  ///< caveats that travel with the data
  /// LaTeX column headers (math mode welcome); columns not named here get the built-in label of
  /// the command's column (output/labels.cpp) or their escaped name.
  std::map<std::string, std::string> labels;
  std::string caption;  ///< LaTeX caption; the default names the command and the version
  /// More fields of JSON's "meta" (verify's summary of verdicts), after digits, threads, certified.
  nlohmann::ordered_json meta = nlohmann::ordered_json::object();
  /// Headers spanning columns, in rows above the column headers (level 0 the top one): a pivot
  /// names the quantity its cells hold, and a pivot on several column keys names the outer keys'
  /// values ("d=16" over "r=1" and "r=4"). LaTeX: \multicolumn with a \cmidrule below; HTML: a
  /// colspan; the text and Markdown tables show the groups marked `plain` (a pivot key's values).
  struct Group {
    size_t first = 0, count = 0;
    std::string latex;  ///< LaTeX source by design, like [labels]
    std::string text;   ///< the same for the other formats (escaped where it goes)
    size_t level = 0;
    bool plain = false;
  };
  std::vector<Group> groups;
  /// What the text, Markdown and HTML tables print over a column instead of its name when groups
  /// above it say the rest ("r=1" under "d=16"; the name stays "d=16,r=1" in CSV and JSON).
  std::map<std::string, std::string> headers;
  // LaTeX only:
  std::string label;       ///< \label of the table (checked by the spec: letters, digits, : . _ - / +)
  std::string provenance;  ///< a footnote-size line under the table (LaTeX source: version, command)
  /// More lines of the file's header comment ("% ..."), printed as they are (line breaks become
  /// spaces): the spec file and its --set overrides as the user typed them.
  std::vector<std::string> comments;
  bool group_digits = false;  ///< keep siunitx's digit grouping (else 0.08791 and 1000000 print whole)
  bool wide = false;          ///< a table* across both columns of a two-column document (never a
                              ///< longtable: LaTeX sets none in two-column mode)

  /// Rows made when printed (RowSource), after `rows`; null for almost every table.
  std::shared_ptr<const RowSource> source;

  /// Appends a row; throws std::logic_error if its arity differs from columns.
  void add_row(std::vector<Cell> row);
  /// The source's rows appended to `rows` as cells, and the source dropped: for a reader that needs
  /// every row at once. Nothing to do for a table without a source.
  void materialize();
  /// rows.size() plus the source's rows.
  [[nodiscard]] size_t row_count() const { return rows.size() + (source ? source->size() : 0); }
};

/// Above this many rows a LaTeX table is a longtable (a float cannot break across pages), unless
/// it is wide.
inline constexpr size_t kLongTableRows = 60;

struct Meta {
  // a constructor, not an aggregate: Meta{digits, threads, certified} leaves the report fields empty
  explicit Meta(long d = 30, int t = 1, bool c = false) : digits(d), threads(t), certified(c) {}
  long digits = 30;
  int threads = 1;
  bool certified = false;
  bool standalone = false;  ///< latex: the table inside a document pdflatex compiles as it is
  // What an HTML report shows besides the table (every string is escaped on the page):
  std::vector<std::pair<std::string, std::string>> about;  ///< {"Formula", ...}, {"Source", ...}
  std::string invocation;                                  ///< the command line as typed
  std::string figure_svg;                                  ///< an SVG document drawn above the table
  /// The text of line `line` of source document `doc` ("talk-B"), "" when not available.
  std::function<std::string(const std::string& doc, long line)> source_line;
};

enum class Format { table, csv, json, markdown, latex, html };

/// Parses "table", "csv", "json", "markdown", "latex", "html"; returns false otherwise.
bool parse_format(const std::string& name, Format& out);

/// The complete text written to stdout (or --output), ending in a newline.
std::string render(const Table& t, const Meta& meta, Format f);

}  // namespace bc::out
