// The `quant` dialect's uniform types: storage, range, scale and axis rules that
// mlir-opt applies while it parses the file (it knows the dialect without being told).

// Valid forms: per-tensor, per-axis, explicit storage ranges, unsigned storage,
// hex scales, float types whose range is not checked here.
func.func private @valid(tensor<4x!quant.uniform<i8:f32, 0.5:-3>>,
    tensor<2x!quant.uniform<i8<-127:127>:f32:0, {0.1:-30, 2.0e-2}>>,
    !quant.uniform<u8:f16, 6.5e4:255>, !quant.uniform<i32:f64, 1.0>,
    !quant.uniform<i4:bf16, 1.0e-40>, !quant.uniform<i8:f8E4M3FN, 0.5>,
    !quant.uniform<u8:f32, 0x3FE0000000000000>)

// -----

// expected-error@+1 {{illegal storage type size: 64}}
func.func private @wide(tensor<!quant.uniform<i64:f32, 0.5>>)

// -----

// expected-error@+1 {{illegal storage type size: 0}}
func.func private @empty(!quant.uniform<u0:f32, 0.5>)

// -----

// expected-error@+1 {{illegal storage type minimum: -129}}
func.func private @low(!quant.uniform<i8<-129:127>:f32, 0.5>)

// -----

// expected-error@+1 {{illegal storage type maximum: 256}}
func.func private @high(!quant.uniform<u8<0:256>:f32, 0.5>)

// -----

// expected-error@+1 {{illegal storage type minimum: -1}}
func.func private @unsigned_low(!quant.uniform<u8<-1:255>:f32, 0.5>)

// -----

// expected-error@+1 {{illegal storage min and storage max: (5:5)}}
func.func private @crossed(!quant.uniform<i8<5:5>:f32, 0.5>)

// -----

// expected-error@+1 {{scale 1.055040e+05 out of expressed type range [5.960464e-08, 6.550400e+04]}}
func.func private @f16_overflow(tensor<1x2x!quant.uniform<i4:f16, 10.550400e+04>>)

// -----

// expected-error@+1 {{scale 4.960464e-08 out of expressed type range [5.960464e-08, 6.550400e+04]}}
func.func private @f16_underflow(!quant.uniform<i4:f16, 4.960464e-08>)

// -----

// expected-error@+1 {{scale -5.000000e-01 out of expressed type range [1.401298e-45, 3.402823e+38]}}
func.func private @negative(!quant.uniform<i8:f32, -0.5:1>)

// -----

// expected-error@+1 {{scale 0.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]}}
func.func private @zero(!quant.uniform<i8:f32, 0.0>)

// -----

// expected-error@+1 {{scale 1.000000e+39 out of expressed type range [9.183550e-41, 3.389531e+38]}}
func.func private @bf16(!quant.uniform<i8:bf16, 1.0e+39>)

// -----

// expected-error@+1 {{scale 5.222099e-315 out of expressed type range [1.401298e-45, 3.402823e+38]}}
func.func private @hex(!quant.uniform<i8:f32, 0x3F000000>)

// -----

// expected-error@+1 {{scale -1.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]}}
func.func private @per_axis_scale(!quant.uniform<i8:f32:0, {0.5, -1.0:2}>)

// -----

// expected-error@+1 {{illegal quantized dimension: -1}}
func.func private @axis(tensor<1x5x!quant.uniform<i8<-128:127>:f32:-1, {0.1:-30, 0.1:-30}>>)

// -----

// An alias of an invalid type is reported where it is defined.
// expected-error@+1 {{illegal quantized dimension: -2}}
!q = !quant.uniform<i8:f32:-2, {0.1}>
