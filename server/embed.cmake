# Writes OUT, a C++ file holding every file of the static web directory WEB as bytes, with its path
# relative to WEB (server/assets.h). Run at build time by server/CMakeLists.txt; FILES is the list
# of files (;-separated), so a new file under server/web/ is picked up when CMake re-globs.
set(body "")
set(table "")
set(i 0)
foreach(f ${FILES})
  file(RELATIVE_PATH rel "${WEB}" "${f}")
  file(READ "${f}" hex HEX)
  string(LENGTH "${hex}" hexlen)
  math(EXPR size "${hexlen} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(APPEND body "const unsigned char a${i}[] = {${bytes}0};\n")
  string(APPEND table "    {\"${rel}\", reinterpret_cast<const char*>(a${i}), ${size}},\n")
  math(EXPR i "${i} + 1")
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from server/web/ by server/embed.cmake: do not edit.
#include \"server/assets.h\"

namespace arena::server {
namespace {
${body}
}  // namespace

const std::vector<Asset>& assets() {
  static const std::vector<Asset> all = {
${table}  };
  return all;
}

}  // namespace arena::server
")
# Only a changed file touches OUT, so an unchanged web directory recompiles nothing.
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
