# The replay viewers (server/web/games/{dracula,evolution,empire,dungeon}.js) against replays the
# built `arena` writes at test time: their pure parts under node, and their drawing and Dracula's
# play panel in headless chromium. Each is skipped when its program is not installed.
find_program(ARENA_NODE_EXECUTABLE node)
find_program(ARENA_CHROMIUM_EXECUTABLE NAMES chromium chromium-browser)
if(ARENA_NODE_EXECUTABLE)
  set(_viewers_env "ARENA_BIN=${CMAKE_BINARY_DIR}/bin/arena;ARENA_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
  add_test(NAME web_viewers
           COMMAND ${ARENA_NODE_EXECUTABLE} --test ${CMAKE_CURRENT_LIST_DIR}/viewers_test.mjs)
  set_tests_properties(web_viewers PROPERTIES ENVIRONMENT "${_viewers_env}" TIMEOUT 60)
  if(ARENA_CHROMIUM_EXECUTABLE)
    add_test(NAME web_viewers_render
             COMMAND ${ARENA_NODE_EXECUTABLE} --test ${CMAKE_CURRENT_LIST_DIR}/viewers_render_test.mjs)
    set_tests_properties(web_viewers_render PROPERTIES
                         ENVIRONMENT "${_viewers_env};CHROMIUM=${ARENA_CHROMIUM_EXECUTABLE}" TIMEOUT 90)
  else()
    message(STATUS "chromium not found: the web_viewers_render test is not registered")
  endif()
else()
  message(STATUS "node not found: the web viewers' tests are not registered")
endif()
