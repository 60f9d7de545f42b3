#include "core/live_lines.h"

namespace arena {

void stream_header(const LineListener& on_line, const Json& fields) {
  if (!on_line) return;
  Json header = {{"type", "header"}};
  for (const auto& [k, v] : fields.items()) header[k] = v;
  on_line(header);
}

}  // namespace arena
