# "X on A or B": a later setup judged with another format or runtime than the first setup's
# (each setup as its owner would run it) says which, after its name.
verdict-each-run-as = { $what ->
    [runtime] { $setup } with { $runtime }
    [precision] { $setup } at { $precision }
   *[both] { $setup } at { $precision } with { $runtime }
}
