// _boundcheck: the compiled half of `import boundcheck` (pybind11).
//
// A third front end on the one command registry (tools/cli.hpp): Python builds the argv a user
// would type after `boundcheck`, and an Invoker parses it with the CLI's own CLI11 tree, validates
// it with the commands' own code and runs it. Nothing here parses an option or evaluates a formula.
//
//   commands()          the registry: every leaf command with its options, flags and help text
//   run(argv) -> Result the table (typed cells), rendered by the C++ renderers on request
//
// Runs happen on persistent worker threads (each owning an Invoker) while the calling thread
// releases the GIL and polls for signals every 50 ms: Ctrl-C raises KeyboardInterrupt at once.
// Each run has its own limits::Run (budget, deadline clock, cancellation flag): the library's long
// loops poll it (limits::poll), so max_seconds binds as on the CLI and an interrupted computation
// stops at its next poll; its result is discarded.
#include "ball.hpp"
#include "certificate/certificate.hpp"
#include "cli.hpp"
#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/flint.hpp"
#include "core/flint_threads.hpp"
#include "core/limits.hpp"
#include "core/suggest.hpp"
#include "output/labels.hpp"
#include "output/latex_text.hpp"
#include "output/table.hpp"
#include "pyflint.hpp"
#include "user/loaded.hpp"
#include "views/registry_json.hpp"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <vector>

#ifdef BOUNDCHECK_HAVE_OPENMP
#include <omp.h>
#endif

namespace py = pybind11;

namespace {

using bc::cli::Context;
using bc::cli::Invoker;
using bc::cli::RunResult;

/// The outcome of one invocation: the command's table and the validated global options.
struct Result {
  RunResult run;
  Context ctx;
};

/// Which Python exception a failed run becomes (boundcheck/_errors.py).
enum class Failure { none, usage, domain, resource, internal };

struct Job {
  std::vector<std::string> args;
  bc::limits::Run limits;  ///< this run's budget and cancellation: the worker's polls read it
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::atomic<bool> finished{false};  ///< done, readable without the mutex (the caller's spin)
  std::unique_ptr<Result> result;
  Failure failure = Failure::none;
  std::string message;
};

/// Runs `job` on `inv` exactly as main() does: parse with the CLI's tree, validated context,
/// OpenMP threads from --threads, the command's run function, and --output written atomically.
void execute(Invoker& inv, Job& job) {
  const bc::limits::RunScope scope(job.limits);  // polls on this thread (and the workers it starts)
  try {
    const bc::cli::Command* cmd = nullptr;
    try {
      cmd = &inv.parse(job.args);
    } catch (const CLI::ParseError& e) {  // as Invoker::run: every CLI11 error is a usage error
      if (e.get_exit_code() == 0) throw bc::UsageError("--help and --version print text, not a table");
      throw bc::UsageError(e.what());
    }
    auto res = std::make_unique<Result>();
    res->ctx = inv.context();
    res->ctx.data = true;  // a Table is data: every column (verify's compact layout is for terminals)
    // the budget binds here exactly as in main(): up-front estimates against max_seconds, and the
    // deadline clock from now (issue 20 §2: max_seconds= used to be ignored from Python), on this
    // job's own Run: concurrent Python threads each have their own budget clock.
    bc::limits::set_time_budget(res->ctx.max_seconds);
    bc::limits::set_deadline_enabled(true);
#ifdef BOUNDCHECK_HAVE_OPENMP
    omp_set_num_threads(res->ctx.threads);
#endif
    res->run = inv.execute(*cmd, res->ctx);   // lists, ranges and --double-check as on the CLI
    bc::limits::check_finished(cmd->path());  // no result after the budget, as on the CLI
    bc::cli::write_certificate(res->run);     // certificate= FILE, as the CLI writes it
    if (!res->ctx.output.empty()) bc::cli::emit(res->run, res->ctx);  // the file, as the CLI writes it
    job.result = std::move(res);
  } catch (const bc::UsageError& e) {
    job.failure = Failure::usage, job.message = e.what();
  } catch (const bc::DomainError& e) {
    job.failure = Failure::domain, job.message = e.what();
  } catch (const bc::ResourceError& e) {
    job.failure = Failure::resource, job.message = e.what();
  } catch (const std::bad_alloc&) {
    job.failure = Failure::resource, job.message = "out of memory";
  } catch (const std::exception& e) {
    job.failure = Failure::internal, job.message = std::string("internal error: ") + e.what();
  } catch (...) {
    job.failure = Failure::internal, job.message = "internal error: unknown exception";
  }
  job.message = bc::cli::one_line(job.message);
}

/// Waits up to kSpin for `ready` without sleeping. A call whose computation takes microseconds
/// (most of a loop of small calls) then costs no thread wake-ups, which on a loaded machine take
/// tens of microseconds each; a long computation costs kSpin of one core, once.
constexpr auto kSpin = std::chrono::microseconds(200);

template <class Ready>
bool spin_for(Ready ready) {
  const auto until = std::chrono::steady_clock::now() + kSpin;
  for (int i = 0;; ++i) {
    if (ready()) return true;
    if ((i & 63) == 63 && std::chrono::steady_clock::now() > until) return false;
  }
}

/// Persistent worker threads, each with its own Invoker (one parsed command tree per thread, as
/// cli.hpp asks). A job goes to an idle worker, or to a new one when all are busy (concurrent
/// Python threads, or a worker still finishing an interrupted computation). Workers never exit:
/// FLINT's thread-local caches stay valid, and the pool is never destroyed (it is leaked on
/// purpose) so that a worker busy at interpreter exit never touches a destroyed object.
class Pool {
 public:
  void submit(std::shared_ptr<Job> job) {
    std::unique_lock lk(m_);
    ++running_;
    queue_.push_back(std::move(job));
    queued_.fetch_add(1, std::memory_order_release);
    if (idle_ < static_cast<int>(queue_.size())) {
      std::thread([this] { work(); }).detach();
      ++idle_;  // the new worker counts as idle until it takes a job
    }
    lk.unlock();
    cv_.notify_one();
  }

 private:
  void work() {
    auto inv = std::make_unique<Invoker>();
    unsigned generation = bc::cli::user::generation();
    inv->allow_certificates(true);  // certificate="FILE" is a keyword a user types, as on the CLI
    for (;;) {
      std::shared_ptr<Job> job;
      spin_for([this] { return queued_.load(std::memory_order_acquire) > 0; });  // a loop's next call
      {
        std::unique_lock lk(m_);
        cv_.wait(lk, [this] { return !queue_.empty(); });
        job = std::move(queue_.front());
        queue_.erase(queue_.begin());
        queued_.fetch_sub(1, std::memory_order_release);
        --idle_;
      }
      if (generation != bc::cli::user::generation()) {  // boundcheck.load added quantities
        generation = bc::cli::user::generation();
        inv = std::make_unique<Invoker>();
        inv->allow_certificates(true);
      }
      execute(*inv, *job);
      {
        // idle again before the caller wakes: its next call must not find every worker busy and
        // start one more (the pool grew by a worker now and then, ~0.5 MB each), and running()
        // counts this job done when the call returns
        std::lock_guard lk(m_);
        ++idle_;
        --running_;
      }
      {
        std::lock_guard lk(job->m);
        job->done = true;
      }
      job->finished.store(true, std::memory_order_release);
      job->cv.notify_all();
    }
  }

  std::mutex m_;
  std::condition_variable cv_;
  std::vector<std::shared_ptr<Job>> queue_;
  std::atomic<int> queued_{0};  ///< queue_.size(), for the workers' spin
  int idle_ = 0;
  int running_ = 0;

 public:
  /// Jobs submitted and not finished (including interrupted ones still running).
  int running() {
    std::lock_guard lk(m_);
    return running_;
  }
};

Pool& pool() {
  static Pool* p = new Pool;  // never destroyed: see Pool
  return *p;
}

py::object error_class(Failure f) {
  py::module_ errors = py::module_::import("boundcheck._errors");
  switch (f) {
    case Failure::usage:
      return errors.attr("UsageError");
    case Failure::domain:
      return errors.attr("DomainError");
    case Failure::resource:
      return errors.attr("ResourceError");
    default:
      return errors.attr("InternalError");
  }
}

/// The CLI's watchdog (tools/main.cpp), in-process: past 1.1 x the run's budget + 0.1 s, a run that
/// its polls did not stop (one long FLINT call, a loop without a poll) has overrun; "" otherwise,
/// else the CLI's message. The job's Run is read through a RunScope on this thread (its fields are
/// atomic); its clock starts when the worker takes the job.
std::string overrun(Job& job) {
  const bc::limits::RunScope peek(job.limits);
  const double budget = bc::limits::time_budget();
  if (!bc::limits::deadline_enabled() ||
      bc::limits::elapsed() <= bc::cli::kGraceFactor * budget + bc::cli::kGraceSeconds)
    return "";
  std::string what;
  for (const auto& w : job.args) {
    if (w.empty() || w[0] == '-') break;
    what += (what.empty() ? "" : " ") + w;
  }
  char limit[32];
  std::snprintf(limit, sizeof limit, "%.3g", budget);
  return what + ": exceeded the time limit of " + limit + " s (raise --max-seconds)";
}

/// Whether the interpreter is ending because its main thread died of KeyboardInterrupt (Ctrl-C
/// outside a boundcheck call, e.g. in Thread.join): the main thread has stopped and the exception it
/// printed (sys.last_value) is a KeyboardInterrupt. Python then joins the other threads, whose calls
/// must not run on to their deadlines (issue 38 §4c: the process exited 29 s after Ctrl-C). A main
/// thread that ends normally is not an interrupt: its threads' calls run to their end. GIL held.
bool interpreter_interrupted() {
  try {
    static py::object* main =
        new py::object(py::module_::import("threading").attr("main_thread")());  // leaked
    if (main->attr("is_alive")().cast<bool>()) return false;
    const py::module_ sys = py::module_::import("sys");
    return py::hasattr(sys, "last_value") &&
           PyErr_GivenExceptionMatches(sys.attr("last_value").ptr(), PyExc_KeyboardInterrupt) != 0;
  } catch (py::error_already_set&) {  // the interpreter is going away: no verdict, wait on
    PyErr_Clear();
    return false;
  }
}

/// Why a waiting call stops early: a signal handler raised (this is the main thread), the
/// interpreter is ending on an interrupt, another thread's call was interrupted (limits::cancel_all
/// cancelled this one), or the run overran its budget.
enum class Stop { none, signal, interrupt, overrun };

/// KeyboardInterrupt in a thread whose call was cancelled by an interrupt elsewhere.
[[noreturn]] void raise_cancelled() {
  PyErr_SetString(PyExc_KeyboardInterrupt,
                  "boundcheck: interrupted (Ctrl-C): every computation in progress was cancelled");
  throw py::error_already_set();
}

/// Runs one invocation with the GIL released; KeyboardInterrupt (or any signal handler's
/// exception) within 50 ms of the signal, ResourceError when the run overruns its budget. An
/// interrupt cancels every run in progress in the process (limits::cancel_all): their calls raise
/// KeyboardInterrupt in their own threads within 50 ms, and their workers stop at their next poll.
Result run(std::vector<std::string> args) {
  auto job = std::make_shared<Job>();
  job->args = std::move(args);
  pool().submit(job);
  Stop stop = Stop::none;
  std::string overran;
  {
    py::gil_scoped_release nogil;
    spin_for([&] { return job->finished.load(std::memory_order_acquire); });
    std::unique_lock lk(job->m);
    while (!job->cv.wait_for(lk, std::chrono::milliseconds(50), [&] { return job->done; })) {
      lk.unlock();
      {
        py::gil_scoped_acquire gil;
        if (PyErr_CheckSignals() != 0)
          stop = Stop::signal;
        else if (job->limits.cancelled() || interpreter_interrupted())
          stop = Stop::interrupt;
      }
      if (stop == Stop::none && !(overran = overrun(*job)).empty()) stop = Stop::overrun;
      if (stop != Stop::none) break;
      lk.lock();
    }
  }
  if (stop != Stop::none) {
    job->limits.cancel();  // the worker stops at its next poll (issue 29: it used to run to the end)
    if (stop == Stop::signal || stop == Stop::interrupt) bc::limits::cancel_all();  // every run in progress
    if (stop == Stop::signal) throw py::error_already_set();
    if (stop == Stop::interrupt) raise_cancelled();
    PyErr_SetString(error_class(Failure::resource).ptr(), overran.c_str());
    throw py::error_already_set();
  }
  if (job->failure != Failure::none && job->limits.cancelled()) raise_cancelled();
  if (job->failure != Failure::none) {
    PyErr_SetString(error_class(job->failure).ptr(), job->message.c_str());
    throw py::error_already_set();
  }
  return std::move(*job->result);
}

/// One letter per cell kind: integer, exact, real, number, text.
char kind_code(bc::out::CellKind k) {
  switch (k) {
    case bc::out::CellKind::integer:
      return 'i';
    case bc::out::CellKind::exact:
      return 'e';
    case bc::out::CellKind::real:
      return 'r';
    case bc::out::CellKind::number:
      return 'n';
    case bc::out::CellKind::text:
      return 't';
  }
  return 't';
}

/// A real cell as a Ball: the value the command computed (its own ball; an exact value keeps its
/// exact ends, so 16 is 16, not [15, 17]), printed as the CLI printed it. Only a cell without a
/// computed value (read back from a file) is read from its text; one that is not a printed real
/// (never expected) stays its text.
py::object cell_ball(const bc::out::Cell& c, slong prec) {
  if (c.number) {
    bcpy::Ball b;
    b.prec = prec;
    b.text = c.str;
    std::optional<bc::Fmpq> q;
    bool uncertified = false;
    if (bc::out::cell_value(b.v.x, q, c, uncertified, prec)) {
      if (q) b.ends = std::make_shared<bcpy::Ends>(bcpy::Ends{*q, *q});
      return py::cast(std::move(b));
    }
  }
  try {
    return py::cast(bcpy::ball_from_text(c.str, prec));
  } catch (const py::value_error&) {
    return py::str(c.str);
  }
}

/// An exact rational as a Python int or fractions.Fraction.
py::object rational_object(const bc::Fmpq& q) {
  if (fmpz_is_one(fmpq_denref(q.x))) return bcpy::to_pyint(fmpq_numref(q.x));
  static auto* fraction = new py::object(py::module_::import("fractions").attr("Fraction"));  // leaked
  return (*fraction)(bcpy::to_pyint(fmpq_numref(q.x)), bcpy::to_pyint(fmpq_denref(q.x)));
}

/// An exact cell's value: a Python int, a fractions.Fraction (also for a decimal: "0.3"), a Ball
/// for an exact interval "[lo, hi]"; the text for anything else (an exact closed form such as
/// "3*sqrt(5)/8").
py::object exact_value(const std::string& text, slong prec) {
  if (!text.empty() && text.front() == '[') {
    try {
      return py::cast(bcpy::ball_from_text(text, prec));
    } catch (const py::value_error&) {
      return py::str(text);
    }
  }
  auto q = bc::parse_exact_rational(text);
  if (!q) return py::str(text);
  return rational_object(*q);
}

/// A new reference to a Python object made by the C API, or the pending Python error.
PyObject* checked(PyObject* o) {
  if (o == nullptr) throw py::error_already_set();
  return o;
}

/// The rows as (kinds, values): kinds one letter per cell ('i'nteger, 'e'xact, 'r'eal,
/// 'n'umber, 't'ext), values the converted cells (int; int, Fraction, Ball or text; Ball at the
/// run's digits; float; str). Built with the C API: a 10^4-row sweep makes 10^5 objects here.
py::list rows(const Result& r) {
  const slong prec = bcpy::prec_for_digits(bc::cli::result_meta(r.run, r.ctx).digits);
  py::list out(r.run.table.rows.size());
  size_t j = 0;
  for (const auto& row : r.run.table.rows) {
    std::string codes(row.size(), 't');
    py::tuple values(row.size());
    for (size_t i = 0; i < row.size(); ++i) {
      const auto& c = row[i];
      codes[i] = kind_code(c.kind);
      PyObject* v = nullptr;
      if (c.kind == bc::out::CellKind::integer)
        v = checked(PyLong_FromLongLong(c.ival));
      else if (c.kind == bc::out::CellKind::number)
        v = checked(PyFloat_FromDouble(c.dval));
      else if (c.kind == bc::out::CellKind::exact && c.number &&
               c.number->kind == bc::out::CellNumber::Kind::exact)
        v = rational_object(c.number->q).release().ptr();
      else if (c.kind == bc::out::CellKind::exact)
        v = exact_value(c.str, prec).release().ptr();
      else if (c.kind == bc::out::CellKind::real)
        v = cell_ball(c, prec).release().ptr();
      else if (c.literal == bc::out::Cell::Literal::null)  // an absent value
        v = py::none().release().ptr();
      else if (c.literal != bc::out::Cell::Literal::none)  // a truth value
        v = py::bool_(c.literal == bc::out::Cell::Literal::yes).release().ptr();
      else
        v = checked(PyUnicode_FromStringAndSize(c.str.data(), static_cast<Py_ssize_t>(c.str.size())));
      PyTuple_SET_ITEM(values.ptr(), static_cast<Py_ssize_t>(i), v);  // steals v
    }
    out[j++] = py::make_tuple(py::str(codes), std::move(values));
  }
  return out;
}

/// Each cell's text as the CLI's JSON holds it (numbers as Python's repr of the double).
py::list texts(const Result& r) {
  py::list out;
  for (const auto& row : r.run.table.rows) {
    py::tuple t(row.size());
    for (size_t i = 0; i < row.size(); ++i) {
      const auto& c = row[i];
      if (c.kind == bc::out::CellKind::integer)
        t[i] = py::str(std::to_string(c.ival));
      else if (c.kind == bc::out::CellKind::number)
        t[i] = py::repr(py::float_(c.dval));
      else
        t[i] = py::str(c.str);
    }
    out.append(std::move(t));
  }
  return out;
}

std::string render(const Result& r, const std::string& format) {
  bc::out::Format f{};
  if (!bc::out::parse_format(format, f)) {
    PyErr_SetString(error_class(Failure::usage).ptr(),
                    ("format must be one of table|csv|json|markdown|latex, got \"" + format + "\"").c_str());
    throw py::error_already_set();
  }
  if (!r.run.raw.empty() && f == r.ctx.format) return r.run.raw;
  return bc::out::render(r.run.table, bc::cli::result_meta(r.run, r.ctx), f);
}

/// The registry as data: one dict per leaf command, in declaration order.
py::list commands() {
  // rebuilt when a catalogue's quantities were loaded since (boundcheck.load); the old one is
  // leaked, as the pool is: a generated function may still be running through it
  static Invoker* inv = nullptr;
  static unsigned generation = 0;
  if (inv == nullptr || generation != bc::cli::user::generation()) {
    generation = bc::cli::user::generation();
    inv = new Invoker;
  }
  py::list out;
  for (const auto& c : inv->registry().commands()) {
    py::list opts;
    // the registry's own description of each option (registry_json: what `help --format json`
    // prints), without --help and --version (text, not a computation: issue 20 §2)
    for (const CLI::Option* o : c.app->get_options()) {
      if (!bc::cli::own_option(*c.app, o, true)) continue;
      const auto j = bc::cli::option_json(o);
      py::dict d;
      for (const char* key : {"name", "description"}) d[key] = j[key].get<std::string>();
      for (const char* key : {"positional", "flag", "required", "multiple"}) d[key] = j[key].get<bool>();
      d["global"] = o->get_group() == "Global options";
      d["type_name"] = o->get_type_name();  // "KEY=VALUE": Python takes a dict (table's --set)
      d["default"] = o->get_default_str();
      opts.append(d);
    }
    py::dict d;
    d["path"] = c.path();
    d["description"] = c.app->get_description();
    d["footer"] = c.app->get_footer();
    d["group_description"] = c.app->get_parent() != nullptr ? c.app->get_parent()->get_description() : "";
    d["options"] = opts;
    d["list_options"] = c.list_options;
    d["help"] = c.app->help();
    out.append(d);
  }
  return out;
}

/// boundcheck.load(DIR): the catalogue read, checked and its quantities registered, as the CLI's
/// --catalogue DIR does; the paths of the commands they are ("mine compose-heads"). Errors are the
/// CLI's (a malformed file: UsageError with every problem, one per line).
py::list load_catalogue(const std::string& dir) {
  bc::verify::Catalogue cat;
  Failure f = Failure::none;
  std::string message;
  {
    py::gil_scoped_release release;
    try {
      cat = bc::cli::user::load_dir(dir);
    } catch (const bc::UsageError& e) {
      f = Failure::usage, message = e.what();
    } catch (const bc::DomainError& e) {
      f = Failure::domain, message = e.what();
    } catch (const bc::ResourceError& e) {
      f = Failure::resource, message = e.what();
    }
  }
  if (f != Failure::none) {
    PyErr_SetString(error_class(f).ptr(), message.c_str());  // every problem of a file, one per line
    throw py::error_already_set();
  }
  py::list out;
  for (const auto& q : cat.quantities) {
    std::string leaf = q.path()[1];
    std::replace(leaf.begin(), leaf.end(), '_', '-');
    out.append(q.path()[0] + " " + leaf);
  }
  return out;
}

/// Validates global option values as the CLI does (make_context): raises UsageError with the CLI's
/// message. `values` maps option names without dashes ("max_seconds") to text or bool; returns
/// the values as the CLI reads them ({"digits": 30, "threads": .., "max_seconds": ..}).
py::dict check_globals(const py::dict& values) {
  bc::cli::GlobalOptions g;
  for (auto [k, v] : values) {
    const std::string key = py::str(k);
    if (key == "certified" || key == "double_check") {
      (key == "certified" ? g.certified : g.double_check) = v.cast<bool>();
      continue;
    }
    const std::string text = py::str(v);
    if (key == "digits")
      g.digits = text;
    else if (key == "threads")
      g.threads = text;
    else if (key == "max_seconds")
      g.max_seconds = text;
    else if (key == "format")
      g.format = text;
    else if (key == "output")
      g.output = text;
    else
      throw py::key_error(key);
  }
  Context c;
  try {
    c = bc::cli::make_context(g);
  } catch (const bc::UsageError& e) {
    PyErr_SetString(error_class(Failure::usage).ptr(), bc::cli::one_line(e.what()).c_str());
    throw py::error_already_set();
  }
  py::dict out;
  out["digits"] = c.digits;
  out["threads"] = c.threads;
  out["max_seconds"] = c.max_seconds;
  return out;
}

}  // namespace

PYBIND11_MODULE(_boundcheck, m) {
  bc::free_flint_caches_at_thread_exit();  // job and OpenMP threads free FLINT's caches as they end
  // Every run has its own limits::Run. The process-wide one serves only threads outside a run's
  // reach (an OpenMP worker of a region that does not hand its Run on): its deadline clock started
  // at import, so it must not bind, or such a poll would fail every run a minute after import.
  bc::limits::set_deadline_enabled(false);
  m.doc() = "The compiled half of boundcheck: the CLI's command registry, run in-process.";
  m.attr("__version__") = BOUNDCHECK_VERSION;
  m.def(
      "running", [] { return pool().running(); },
      "Computations in progress, including interrupted ones not yet stopped.");
  bcpy::bind_ball(m);
  m.def("check_globals", &check_globals, py::arg("values"),
        "Validates global option values with the CLI's own rules; raises UsageError.");
  m.def(
      "did_you_mean",
      [](const std::string& word, const std::vector<std::string>& candidates) {
        std::vector<std::string> best = bc::did_you_mean(word, candidates, 2);
        if (best.size() == 2 && bc::edit_distance(word, best[1]) > bc::edit_distance(word, best[0]))
          best.pop_back();
        return best;
      },
      py::arg("word"), py::arg("candidates"),
      "The closest candidates (at most two, equally close) within a few edits (src/core/suggest.hpp).");
  m.def("commands", &commands, "Every leaf command of the registry with its options and help text.");
  m.def("load_catalogue", &load_catalogue, py::arg("dir"),
        "Reads and checks the catalogue in DIR and registers its [[quantity]] entries as commands; returns "
        "the command paths they define (tools/user/loaded.hpp).");
  m.def("run", &run, py::arg("argv"),
        "Runs one invocation, as typed after `boundcheck` (e.g. ['rank', 'bound', '--d=64', ...]).\n"
        "Releases the GIL; raises KeyboardInterrupt on Ctrl-C (the computation is cancelled: it stops\n"
        "at its next deadline poll) and the boundcheck errors with the CLI's message.");
  py::class_<Result>(m, "Result", "One command's table, as the CLI would print it.")
      .def_property_readonly("command", [](const Result& r) { return r.run.table.command; })
      .def_property_readonly("params_json", [](const Result& r) { return r.run.table.params.dump(); })
      .def_property_readonly("columns", [](const Result& r) { return r.run.table.columns; })
      .def_property_readonly("notes", [](const Result& r) { return r.run.table.notes; })
      .def_property_readonly("exit_code", [](const Result& r) { return r.run.exit_code; })
      .def_property_readonly("digits",
                             [](const Result& r) { return bc::cli::result_meta(r.run, r.ctx).digits; })
      .def_property_readonly("threads", [](const Result& r) { return r.ctx.threads; })
      .def_property_readonly("certified",
                             [](const Result& r) { return bc::cli::result_meta(r.run, r.ctx).certified; })
      .def("rows", &rows, "Rows as (kinds, values): one kind letter per cell and the converted values.")
      .def("texts", &texts, "Each cell's text as the CLI's JSON holds it.")
      .def("render", &render, py::arg("format"), "The CLI's output text in table|csv|json|markdown|latex.")
      .def(
          "label",
          [](const Result& r, const std::string& column) {
            // the table's own header (a spec's [labels]), else the command's built-in one, as plain
            // text (what gnuplot's SVG and PNG figures print); "" when the column has none
            const auto& labels = r.run.table.labels;
            const auto it = labels.find(column);
            const std::string l =
                it != labels.end() ? it->second : bc::out::default_label(r.run.table.command, column);
            return bc::out::latex_to_plain(l);
          },
          py::arg("column"),
          "A column's header as plain text (its LaTeX label read: LB (lower), c_l), or \"\".");
}
