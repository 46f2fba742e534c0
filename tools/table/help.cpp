// The --help of `table` and `table merge`: the spec format with every key and what a spec from
// someone else may do. Kept apart from the sweep machinery (tools/table*.cpp) because it
// is long and is documentation only.
#include "cli.hpp"

namespace bc::cli {

namespace {

// Every key of a spec, one line each, with an example value (table/spec.hpp is the reference).
const char* const kSpecFormat =
    "Spec (TOML), every key:\n"
    "  command = \"rank bound\"                 # any evaluate command, as typed after boundcheck\n"
    "  caption = \"...\"                        # LaTeX caption\n"
    "  [latex]   caption = \"...\"              # the same caption (one of the two)\n"
    "            provenance = false           # no footnote-size line under the table naming the\n"
    "                                         # version, command and --set (default: there is one)\n"
    "            label = \"tab:lb\"             # \\label{tab:lb} after the caption (also in a longtable)\n"
    "            group_digits = true          # siunitx's grouping (0.087 91); default 0.08791, 1000000\n"
    "            style = \"two-column\"         # a table* across both columns (default one-column)\n"
    "  digits = 12                            # as --digits (a --digits you type wins, with a note)\n"
    "  derived_digits = 3                     # at most this many digits in derived columns\n"
    "  columns = [\"d\", \"H\", \"lo\"]             # keep and order these columns\n"
    "  outputs = [\"t.csv\", \"t.tex\"]           # also write these (.csv .json .md .tex .txt), atomically\n"
    "  [fixed]   r = 4                        # option = value, as on the command line (true: a flag)\n"
    "  [sweep]   d = [16, 64, 256]            # Cartesian product, first key outermost\n"
    "            H = { from = 1, to = 1e6, per_decade = 4 }   # log-spaced; or { from, to, step }\n"
    "  [zip]     d = [8, 16]  r = [1, 2]      # swept together (same length), innermost\n"
    "  [derived] ratio = \"lo / hi\"            # expressions over columns (verify --help has the grammar)\n"
    "  [labels]  lo = '$\\mathrm{LB}$'         # LaTeX column headers\n"
    "  [layout]  rows = \"H\"  cols = \"d\"  value = \"lo\"   # a pivot (value = [\"lo\", \"hi\"]: a "
    "bracket)\n"
    "            cols = [\"d\", \"r\"]            # several keys: a header per level (d = 16 over r = 1 |\n"
    "                                         # r = 4; \\cmidrule groups in LaTeX); rows may be a list\n"
    "            header = '$\\mathrm{LB}(d,r,H)$'   # LaTeX over the values (default: their label)\n"
    "  Every swept option must be a pivot key (rows or cols) and a plot axis (x or a series key): a\n"
    "  sweep that would merge points into one cell or one line is refused, naming the option.\n"
    "  [plot]    x = \"H\"  y = \"lo\"            # y: a column or a list of columns (the long rows,\n"
    "                                         # whatever [layout] pivots)\n"
    "            series = [\"d\", \"r\"]          # one curve per (d, r), its legend naming both\n"
    "            color = \"d\"  dash = \"r\"      # the series key each style follows (default: colour\n"
    "            marker = \"...\"               # by the first key, dash by the second, marker by the\n"
    "                                         # third; one key alone: a colour per curve)\n"
    "            logx = true  logy = true     # log axes\n"
    "            y_lo = \"lo\"  y_hi = \"hi\"     # a band between two columns\n"
    "            yerr = \"sigma_N\"             # symmetric error bars\n"
    "            title = \"LB(64, r, H)\"       # plain text, printed as written (escaped in .tex)\n"
    "            xlabel = \"heads H\"  ylabel = '$\\mathrm{LB}$'   # default: [labels]. With $ or \\ a\n"
    "                                         # label is LaTeX (set by LaTeX in .tex, plain text in\n"
    "                                         # SVG/PNG/PDF); without, plain text as written\n"
    "            xrange = [1, 1e12]  yrange = [0.03, 1.2]   # axis ranges (default: fitted to the data)\n"
    "            key = \"below\"                # legend: outside (default), inside or below\n"
    "            style = \"one-column\"         # \\columnwidth (two-column: \\textwidth; a .tex figure\n"
    "                                         # without a style is \\columnwidth too): fits every class\n"
    "            width = \"3.2in\"  height = \"2.4in\"   # LaTeX lengths (in cm mm pt bp pc); width may\n"
    "            width = \"0.95\\columnwidth\"   # be relative: the .tex figure is scaled to it, its text\n"
    "                                         # in the document's size (SVG/PNG: the shape only)\n"
    "            guides = [{ expr = \"x^-1\", label = \"l^-1\", scale = true }]   # reference curves in "
    "x,\n"
    "                                         # scaled through the first point unless scale = false\n"
    "  [[plot.overlay]]  command = \"depth optimal\"  fixed = { model = \"all\" }  x = \"L\"  y = "
    "\"params\"\n"
    "                    label = \"GPT-3 models\"   # points from another command on the same axes\n"
    "Overrides: --set KEY=VALUE (repeatable; the value in TOML: r=4, 'd=[16, 64]',\n"
    "  'H={from=1, to=1e6, per_decade=4}', count=talk) replaces the spec's value of an option: one value\n"
    "  fixes it, a list or range sweeps it, and so does a value the command line reads as several\n"
    "  (H=1:10000, 'H=log(1,1e4,4)', H=1,10,100: spelled out, as --H takes them; a note gives the count\n"
    "  of values and of points). It is recorded as typed in a LaTeX file's header comment, carried by\n"
    "  shard files (shards of other overrides never merge) and checked by table plan and table status.\n"
    "CSV: a text cell beginning with = + - @ (or a tab) that is no number is written with a leading '\n"
    "  (spreadsheets show it as text, never run it); numbers keep their sign.\n";

const char* const kUntrusted =
    "A spec is untrusted input (you may have downloaded it):\n"
    "  - caption, [labels], [layout] header and [plot] xlabel/ylabel holding $ or \\ are LaTeX source by\n"
    "    design: compiling a stranger's spec is like compiling a stranger's .tex. Everything else that\n"
    "    reaches LaTeX (column names, cells, commands, titles) is escaped; width, height and label are\n"
    "    read into numbers and a fixed alphabet, never copied.\n"
    "  - [plot] text (title, xlabel, ylabel, guide and overlay labels, column names, series values) must\n"
    "    be one printable line of at most 400 bytes without ` or @; gnuplot gets it as an inert literal.\n"
    "  - outputs = [...] may only name files inside the working directory (no absolute paths, no ..,\n"
    "    no symlinks leading out); --output and --plot, typed by you, may go anywhere. No output may\n"
    "    overwrite the spec or a shard file being read, or a directory.\n"
    "  - files the spec makes a command read (--spectrum, --data; in [fixed], [sweep] or an overlay)\n"
    "    obey the same rule: a spec cannot read /etc/passwd or ~/.ssh into a message or a table.";

void help_sweep(Registry& reg, const Command& table) {
  reg.help(table.app,
           Help{.formula = "One row per point of the spec's grid, computed by the command the spec names "
                           "through the same parser and code as the command line; derived columns are "
                           "expressions over the printed cells in ball arithmetic (an exact cell exactly, a "
                           "printed decimal as a ball of one unit in its last digit).",
                .formula_latex = "",  // prose: the site shows the formula as text
                .source = "The swept command's (its --help). The specs in data/specs/ reproduce the "
                          "papers' figures and tables, each naming its source in its header comment.",
                .cost = "The sum of the points' costs: options a command takes as lists run in blocks "
                        "through its own parallel kernel, other points run in parallel on --threads. The "
                        "grid is expanded and counted first (at most 10^8 points) and every point's command "
                        "estimates its own work; --shard I/N computes a deterministic share: tasks cut "
                        "by the command's cost model, dealt longest first to the least loaded shard "
                        "(table plan shows the shares).",
                .details = std::string(kSpecFormat) +
                           "Every point runs the command's own code; a value it refuses is refused with the "
                           "spec's file, line and field. Rows come in spec order whatever --threads.\n" +
                           kUntrusted,
                .examples = {
                    "boundcheck table --spec data/specs/hmin_vs_talk.toml",
                    "boundcheck table --spec data/specs/lb_vs_heads.toml --format latex --plot lb.svg",
                    "boundcheck table --spec data/specs/paper_lb_grid.toml --set r=4 --format latex",
                    "boundcheck table --spec data/specs/paperL_table1.toml --shard 1/2 --output p1.json",
                    "boundcheck table --spec data/specs/paperL_table1.toml --shard 2/2 --output p2.json"}});
}

void help_merge(Registry& reg, const Command& merge) {
  reg.help(merge.app,
           Help{.formula = "The rows of the shard files of one spec, in spec order: exactly what the "
                           "unsharded run prints (any order of files; each task's rows and digest checked).",
                .formula_latex = "",  // prose: the site shows the formula as text
                .source = "The spec's, carried inside every shard file.",
                .cost = "Linear in the rows; shard files are read with limits (1 GiB each).",
                .details = "A task missing or present in two files, or a row deleted or edited, is refused "
                           "naming the file and the task; so are a field out of range (1 <= shard <= of <= "
                           "10^6, digits as --digits), a shard format other than 5, a count that is not a "
                           "whole number, rows taken from another spec's shard (each task's digest starts "
                           "from its spec's), and shards computed with "
                           "different digits or --certified or by different boundcheck versions (a set "
                           "from another version merges with a note). merge writes only to --output or "
                           "stdout (and --plot): the outputs = [...] of the spec inside the shards are "
                           "written only under --outputs, inside the working directory, with a note per "
                           "file. The digests detect accidents (a truncated copy, an edit, a file of "
                           "another spec), not forgery: FNV-1a is no signature, and a shard file is "
                           "evidence only as far as its author is trusted.",
                .examples = {"boundcheck table merge p1.json p2.json --format markdown",
                             "boundcheck table merge p2.json p1.json --format latex --output t1.tex"}});
}

void help_plan(Registry& reg, const Command& plan) {
  reg.help(
      plan.app,
      Help{.formula = "The spec, checked as table checks it before it computes (options, values, and the "
                      "columns its derived columns, layout and plot name, from one probe point), then its "
                      "grid cut into tasks by the swept command's own cost model (expensive "
                      "regions down to single points, cheap ones in blocks of up to 4096 points), dealt "
                      "longest first to the least loaded of N shards; one row per shard: tasks, points "
                      "and estimated seconds on one core.",
           .formula_latex = "",  // prose: the site shows the formula as text
           .source = "The swept command's cost model (its --help, Cost).",
           .cost = "Planning: the grid is counted and priced; one point (the first) is computed to learn "
                   "the command's columns when the spec names columns.",
           .details = "Size an array job from est_seconds; table --shard I/N computes exactly shard "
                      "I's tasks, and table merge joins the files.",
           .examples = {
               "boundcheck table plan --spec data/specs/paperL_table1.toml --shards 2",
               "boundcheck table plan --spec data/specs/paper_lb_grid.toml --set 'd=[16, 64]' --shards 4",
               "boundcheck table plan --spec data/specs/lb_vs_heads.toml --shards 8"}});
}

void help_status(Registry& reg, const Command& status) {
  reg.help(
      status.app,
      Help{.formula = "One row per file: done (complete, digests and tasks check out), stale (another "
                      "spec, shard count, digits, --certified or boundcheck version), incomplete (a task "
                      "missing or planned "
                      "differently), damaged (not a shard file, truncated, or a task whose rows do not "
                      "match their digest: the task is named, or columns other than the spec's), "
                      "duplicate; one row per shard with no complete file (missing).",
           .formula_latex = "",  // prose: the site shows the formula as text
           .source = "The spec's, carried inside every shard file.",
           .cost = "Linear in the rows; shard files are read with limits (1 GiB each). When the files' "
                   "columns differ, one point of the spec is computed to tell which are right (within "
                   "--max-seconds; without it no file with rows is called done).",
           .details = "The reference is --spec F (every file of another spec is stale), else the newest "
                      "readable file's spec, shard count, digits and --certified. Exit code 0 when every "
                      "shard is done, 1 otherwise.",
           .examples = {"boundcheck table status p1.json p2.json",
                        "boundcheck table status p2.json p1.json --spec data/specs/paperL_table1.toml"}});
}

}  // namespace

void help_table(Registry& reg) {
  const Command* table = reg.find("table");
  const Command* merge = reg.find("table merge");
  const Command* plan = reg.find("table plan");
  const Command* status = reg.find("table status");
  if (table == nullptr || merge == nullptr || plan == nullptr || status == nullptr) return;
  help_sweep(reg, *table);
  help_merge(reg, *merge);
  help_plan(reg, *plan);
  help_status(reg, *status);
}

}  // namespace bc::cli
