// What an HTML report shows besides the table (issue 18): the command's formula, source, cost and
// --double-check method from its help, the command line, and the text of the source lines its
// references cite. The papers' text is read from $BOUNDCHECK_PAPERS, else from the directory the
// build was configured with (BOUNDCHECK_PAPERS_DIR, ../shared/papers next to the source tree); a
// report made without them still links each reference and says the quotes are missing.
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/text_file.hpp"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>
#include <vector>

namespace bc::cli {

namespace {

// The short names of docs/math/index.md#sources and the files in ../shared/papers
const std::map<std::string, std::string>& paper_files() {
  static const std::map<std::string, std::string> k = {
      {"talk-B", "000_75559cc91b1aee95.txt"},
      {"talk-H", "002_9ad3aa6ef46126dc.txt"},
      {"paper-A", "003_12777828dbb2564b.txt"},
      {"paper-L", "004_780437e4ec8fa9c6.txt"},
  };
  return k;
}

std::string papers_dir() {
  if (const char* e = std::getenv("BOUNDCHECK_PAPERS"); e != nullptr && *e != '\0') return e;
#ifdef BOUNDCHECK_PAPERS_DIR
  return BOUNDCHECK_PAPERS_DIR;
#else
  return "";
#endif
}

/// The lines of each paper, read once (bounded: 4 MiB a file); empty when unreadable.
class PaperLines {
 public:
  std::string line(const std::string& doc, long n) {
    auto it = cache_.find(doc);
    if (it == cache_.end()) it = cache_.emplace(doc, load(doc)).first;
    const auto& v = it->second;
    return n >= 1 && static_cast<size_t>(n) <= v.size() ? v[static_cast<size_t>(n - 1)] : std::string{};
  }

 private:
  static std::vector<std::string> load(const std::string& doc) {
    const auto f = paper_files().find(doc);
    const std::string dir = papers_dir();
    if (f == paper_files().end() || dir.empty()) return {};
    const std::string path = (std::filesystem::path(dir) / f->second).string();
    std::vector<std::string> lines;
    try {
      std::istringstream in(
          read_text_file(path, TextLimits{size_t(4) << 20, size_t(1) << 20}, "source text"));
      for (std::string l; std::getline(in, l);) lines.push_back(l);
    } catch (const UsageError&) {
      return {};  // not available: the report says so
    }
    return lines;
  }
  std::map<std::string, std::vector<std::string>> cache_;
};

}  // namespace

void report_context(out::Meta& meta, const Command* cmd, const std::string& invocation) {
  meta.invocation = invocation;
  if (cmd != nullptr && !cmd->help.formula.empty()) {
    meta.about = {{"Formula", cmd->help.formula},
                  {"Source", cmd->help.source},
                  {"Cost", cmd->help.cost},
                  {"--double-check", cmd->double_check}};
    if (!cmd->help.details.empty() && cmd->path().rfind("table", 0) != 0)
      meta.about.emplace_back("Details", cmd->help.details);
  }
  auto papers = std::make_shared<PaperLines>();
  meta.source_line = [papers](const std::string& doc, long n) { return papers->line(doc, n); };
}

}  // namespace bc::cli
