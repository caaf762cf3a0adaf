# "X en A o B": una configuración siguiente evaluada con otro formato o runtime que la primera
# (cada una como la correría su dueño) dice cuál, después del nombre.
verdict-each-run-as = { $what ->
    [runtime] { $setup } con { $runtime }
    [precision] { $setup } en { $precision }
   *[both] { $setup } en { $precision } con { $runtime }
}
