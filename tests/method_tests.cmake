# CTest-time registration of the tests that exist once per row of the method table (included through the
# directory property TEST_INCLUDE_FILES, as gtest_discover_tests registers its cases): the rows come from the
# built method_rows tool, so a new row of engine/methods/method_table.cpp is tested without touching CMake.
#   - hp_gltest: one process per paper variant (its storages and build paths compile once) + the rest
#   - methods_gltest: one process per row + the rest
#   - volume_gltest: one process per row (every row over scalar volumes) + the rest (the discriminator itself)
#   - window tests: the demo's teapot on every row it offers, Spot on every paper variant (each with an
#     offscreen twin)
# The variables come from the generated prelude (tests/CMakeLists.txt: method_tests_prelude.cmake).
execute_process(COMMAND "${METHOD_ROWS}" OUTPUT_VARIABLE _out RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
    # Not built yet, or broken: a failing test says so instead of tests silently missing.
    add_test(method_table_rows "${METHOD_ROWS}")
    return()
endif()
string(STRIP "${_out}" _out)
string(REPLACE "\n" ";" _rows "${_out}")
set(_all "")
set(_paper "")
set(_demo "")
foreach(_row IN LISTS _rows)
    string(REPLACE " " ";" _fields "${_row}")
    list(GET _fields 0 _name)
    list(GET _fields 1 _family)
    list(GET _fields 2 _where)
    list(APPEND _all ${_name})
    if(_family STREQUAL "paper")
        list(APPEND _paper ${_name})
    endif()
    if(_where STREQUAL "demo")
        list(APPEND _demo ${_name})
    endif()
endforeach()

# A sanitizer report fails a test even where the test accepts the program's exit status.
set(_sanitizer_fail "ERROR: [A-Za-z]+Sanitizer;runtime error: ")

function(_add_groups exe prefix)
    set(_others "")
    foreach(_group IN LISTS ARGN)
        add_test(${prefix}.${_group} "${exe}" "--gtest_filter=*/${_group}*")
        set_tests_properties(${prefix}.${_group} PROPERTIES LABELS gl ENVIRONMENT "${GL_TEST_ENV}"
                             FAIL_REGULAR_EXPRESSION "${_sanitizer_fail}")
        string(APPEND _others ":*/${_group}*")
    endforeach()
    # Everything not in a group (non-parameterised tests) runs in one more process, so nothing is left out.
    string(SUBSTRING "${_others}" 1 -1 _others)
    add_test(${prefix}.rest "${exe}" "--gtest_filter=-${_others}")
    set_tests_properties(${prefix}.rest PROPERTIES LABELS gl ENVIRONMENT "${GL_TEST_ENV}"
                         FAIL_REGULAR_EXPRESSION "${_sanitizer_fail}")
endfunction()

if(HP_GLTEST)
    _add_groups("${HP_GLTEST}" hp_gltest ${_paper})
endif()
if(METHODS_GLTEST)
    _add_groups("${METHODS_GLTEST}" methods_gltest ${_all})
endif()
if(VOLUME_GLTEST)
    _add_groups("${VOLUME_GLTEST}" volume_gltest ${_all})
endif()

function(_add_window_test name)
    add_test(${name} "${WINDOW_DRIVER}" render "${DICER}" "${PNG_CHECK}" "${WINDOW_OUT}" ${name} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS window SKIP_RETURN_CODE 77 RESOURCE_LOCK xvfb
                         TIMEOUT ${SLOW_TIMEOUT} ENVIRONMENT "${GL_TEST_ENV}"
                         FAIL_REGULAR_EXPRESSION "${_sanitizer_fail}")
    string(REGEX REPLACE "^window_" "offscreen_" _twin ${name})
    add_test(${_twin} "${WINDOW_DRIVER}" render "${DICER}" "${PNG_CHECK}" "${WINDOW_OUT}" ${_twin} ${ARGN}
             --offscreen)
    set_tests_properties(${_twin} PROPERTIES LABELS offscreen SKIP_RETURN_CODE 77 TIMEOUT ${SLOW_TIMEOUT}
                         ENVIRONMENT "${GL_TEST_ENV}" FAIL_REGULAR_EXPRESSION "${_sanitizer_fail}")
endfunction()

if(DICER)
    # Every method the demo offers drives the particles; the run verifies its set at exit.
    foreach(_method IN LISTS _demo)
        _add_window_test(window_teapot_${_method} --window 640x480 --preset 64 --method ${_method})
    endforeach()
    foreach(_method IN LISTS _paper)
        _add_window_test(window_spot_${_method} "${SPOT}" --window 640x480 --preset 64 --method ${_method})
    endforeach()
endif()
