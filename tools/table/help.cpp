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
    "  caption = \"...\"                        # LaTeX caption (command and version appended)\n"
    "  [latex]   caption = \"...\"  provenance = false   # the same caption; false: without the "
    "version\n"
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
    "  [layout]  rows = \"d\"  cols = \"H\"  value = \"lo\"   # a pivot (value = [\"lo\", \"hi\"]: a "
    "bracket)\n"
    "            header = '$\\mathrm{LB}(d,4,H)$'   # LaTeX over the values (default: their label)\n"
    "  [plot]    x = \"H\"  y = \"lo\"            # y: a column or a list of columns\n"
    "            series = \"r\"                 # one curve per value of this column\n"
    "            logx = true  logy = true     # log axes\n"
    "            y_lo = \"lo\"  y_hi = \"hi\"     # a band between two columns\n"
    "            yerr = \"sigma_N\"             # symmetric error bars\n"
    "            title = \"LB(64, r, H)\"  xlabel = \"heads H\"  ylabel = \"LB\"   # plain text, escaped\n"
    "                                         # default axis labels: [labels] (math in .tex)\n"
    "            xrange = [1, 1e12]  yrange = [0.03, 1.2]   # axis ranges (default: fitted to the data)\n"
    "            key = \"below\"                # legend: outside (default), inside or below\n"
    "            style = \"one-column\"         # 3.4 in wide (two-column: 7 in; default 4.8 in for .tex)\n"
    "            guides = [{ expr = \"x^-1\", label = \"l^{-1}\", scale = true }]   # reference curves in "
    "x,\n"
    "                                         # scaled through the first point unless scale = false\n"
    "  [[plot.overlay]]  command = \"depth optimal\"  fixed = { model = \"all\" }  x = \"L\"  y = "
    "\"params\"\n"
    "                    label = \"GPT-3 models\"   # points from another command on the same axes\n";

const char* const kUntrusted =
    "A spec is untrusted input (you may have downloaded it):\n"
    "  - caption, [labels] and [layout] header are LaTeX source by design: compiling a stranger's spec\n"
    "    is like compiling a stranger's .tex. Everything else that reaches LaTeX (column names, cells,\n"
    "    commands) is escaped.\n"
    "  - [plot] text (title, xlabel, ylabel, guide and overlay labels, column names, series values) must\n"
    "    be one printable line of at most 400 bytes without ` or @; gnuplot gets it as an inert literal.\n"
    "  - outputs = [...] may only name files inside the working directory (no absolute paths, no ..,\n"
    "    no symlinks leading out); --output and --plot, typed by you, may go anywhere. No output may\n"
    "    overwrite the spec or a shard file being read, or a directory.\n"
    "  - files the spec makes a command read (--spectrum, --data; in [fixed], [sweep] or an overlay)\n"
    "    obey the same rule: a spec cannot read /etc/passwd or ~/.ssh into a message or a table.";

}  // namespace

void help_table(Registry& reg) {
  const Command* table = reg.find("table");
  const Command* merge = reg.find("table merge");
  const Command* plan = reg.find("table plan");
  const Command* status = reg.find("table status");
  if (table == nullptr || merge == nullptr || plan == nullptr || status == nullptr) return;
  reg.help(table->app,
           Help{.formula = "One row per point of the spec's grid, computed by the command the spec names "
                           "through the same parser and code as the command line; derived columns are "
                           "expressions over the printed cells in ball arithmetic (an exact cell exactly, a "
                           "printed decimal as a ball of one unit in its last digit).",
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
                    "boundcheck table --spec data/specs/paperL_table1.toml --shard 1/2 --output p1.json",
                    "boundcheck table --spec data/specs/paperL_table1.toml --shard 2/2 --output p2.json"}});
  reg.help(merge->app,
           Help{.formula = "The rows of the shard files of one spec, in spec order: exactly what the "
                           "unsharded run prints (any order of files; each task's rows and digest checked).",
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
  reg.help(plan->app,
           Help{.formula = "The spec's grid cut into tasks by the swept command's own cost model (expensive "
                           "regions down to single points, cheap ones in blocks of up to 4096 points), dealt "
                           "longest first to the least loaded of N shards; one row per shard: tasks, points "
                           "and estimated seconds on one core.",
                .source = "The swept command's cost model (its --help, Cost).",
                .cost = "Planning only: the grid is counted and priced, nothing is computed.",
                .details = "Size an array job from est_seconds; table --shard I/N computes exactly shard "
                           "I's tasks, and table merge joins the files.",
                .examples = {"boundcheck table plan --spec data/specs/paperL_table1.toml --shards 2",
                             "boundcheck table plan --spec data/specs/lb_vs_heads.toml --shards 8"}});
  reg.help(
      status->app,
      Help{.formula = "One row per file: done (complete, digests and tasks check out), stale (another "
                      "spec, shard count, digits, --certified or boundcheck version), incomplete (a task "
                      "missing or planned "
                      "differently), damaged (not a shard file, truncated, or a task whose rows do not "
                      "match their digest: the task is named), duplicate; one row per shard with no "
                      "complete file (missing).",
           .source = "The spec's, carried inside every shard file.",
           .cost = "Linear in the rows; shard files are read with limits (1 GiB each).",
           .details = "The reference is --spec F (every file of another spec is stale), else the newest "
                      "readable file's spec, shard count, digits and --certified. Exit code 0 when every "
                      "shard is done, 1 otherwise.",
           .examples = {"boundcheck table status p1.json p2.json",
                        "boundcheck table status p2.json p1.json --spec data/specs/paperL_table1.toml"}});
}

}  // namespace bc::cli
