#include "core/verdict.h"

namespace arena {

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::ok:
      return "ok";
    case Verdict::timeout:
      return "timeout";
    case Verdict::crashed:
      return "crashed";
    case Verdict::closed:
      return "closed";
    case Verdict::malformed:
      return "malformed";
    case Verdict::illegal:
      return "illegal";
    case Verdict::too_long:
      return "too_long";
  }
  return "unknown";
}

}  // namespace arena
