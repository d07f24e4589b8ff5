# Removes from the copy of the shader tree (DST) every file that is no longer in the source tree (SRC): a renamed
# or moved shader must not leave its old copy behind, since names are unique across the folders and a stale
# copy would be a second file of its name. Run after each copy: cmake -DSRC=... -DDST=... -P prune.cmake
file(GLOB_RECURSE _copies RELATIVE ${DST} ${DST}/*)
foreach(_rel IN LISTS _copies)
    if(NOT EXISTS ${SRC}/${_rel})
        file(REMOVE ${DST}/${_rel})
    endif()
endforeach()
